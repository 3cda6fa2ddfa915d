#!/usr/bin/env node
// Starts the Xihe GitHub App (webhook server + worker). Configuration comes from the environment.
import { importTypeScript } from "../src/import-typescript.mjs";

const { startApp } = await importTypeScript(import.meta.resolve("../src/server/start-app.ts"));
try {
  const app = await startApp();
  for (const signal of ["SIGINT", "SIGTERM"])
    process.once(signal, () => void app.close().then(() => process.exit(0)));
} catch (err) {
  console.error(`xihe app: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
}
