#!/usr/bin/env node
// Runs one TypeScript file (a benchmark or script) without a build step: `node bin/run-ts.js bench/x.ts args...`.
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { importTypeScript } from "../src/import-typescript.mjs";

const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error("usage: node bin/run-ts.js FILE.ts [args...]");
  process.exit(2);
}
process.argv = [process.argv[0], resolve(file), ...rest];
await importTypeScript(pathToFileURL(resolve(file)));
