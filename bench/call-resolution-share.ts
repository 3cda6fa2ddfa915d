// How many of the test files' call sites the code index resolves to a symbol, per repository:
//   node bin/run-ts.js bench/call-resolution-share.ts [--src PROJECT] CHECKOUT...
// --src is another checkout of this project (e.g. main's tree) whose index builder is used instead,
// so one script measures before and after on the same checkouts.
import { resolve, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { CodeIndex } from "../src/understanding/index/code-index.ts";
import { args, flag, project } from "./bench-args.ts";

type BuildIndex = (root: string, options: { cache: null }) => Promise<CodeIndex>;
const src = resolve(flag("src") ?? project);
const { buildIndex } = (await import(
  pathToFileURL(join(src, "src/understanding/index/build-index.ts")).href
)) as { buildIndex: BuildIndex };

const checkouts = args.filter((a, i) => !a.startsWith("--") && args[i - 1] !== "--src");
for (const dir of checkouts) {
  const index = await buildIndex(resolve(dir), { cache: null });
  const testFiles = new Set(index.files.filter((f) => f.isTest).map((f) => f.path));
  const calls = index.calls.filter((c) => testFiles.has(c.file));
  const resolved = calls.filter((c) => c.to !== null);
  const methods = new Set(index.symbols.filter((s) => s.kind === "method").map((s) => s.id));
  const toMethods = resolved.filter((c) => methods.has(c.to ?? ""));
  console.log(
    `${dir.split("/").pop() ?? dir}\ttest calls ${calls.length}\tresolved ${resolved.length}\tto methods ${toMethods.length}`,
  );
}
