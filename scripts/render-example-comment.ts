// Renders the example fix comment the README shows: `node bin/run-ts.js scripts/render-example-comment.ts`.
// The same report is the wire-contract snapshot in test/delivery/render-fix-comment.test.ts.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { FixReport } from "../src/delivery/fix-report.ts";
import { renderFixComment } from "../src/delivery/render-fix-comment.ts";

const report = JSON.parse(
  readFileSync(new URL("../test/delivery/fixtures/example-fix-report.json", import.meta.url), "utf8"),
) as FixReport;
mkdirSync(new URL("../docs/", import.meta.url), { recursive: true });
const out = new URL("../docs/example-fix-comment.md", import.meta.url);
writeFileSync(out, `${renderFixComment(report)}\n`);
process.stdout.write(`wrote ${out.pathname.split("/").slice(-2).join("/")}\n`);
