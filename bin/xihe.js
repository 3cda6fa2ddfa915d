#!/usr/bin/env node
// Runs the TypeScript sources directly (Node's type stripping, or tsx), so a fresh clone needs no build step.
import { importTypeScript } from "../src/import-typescript.mjs";

const { main } = await importTypeScript(import.meta.resolve("../src/cli.ts"));
process.exitCode = await main(process.argv.slice(2));
