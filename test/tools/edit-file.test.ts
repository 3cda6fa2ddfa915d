import { afterEach, describe, expect, it } from "vitest";
import { readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { editFile } from "../../src/tools/edit-file.ts";
import type { Tool } from "../../src/tools/define-tool.ts";
import { makeGitRepo, type TempRepo } from "./support/make-git-repo.ts";
import { toolContext } from "./support/tool-context.ts";
import { ToolFailure } from "../../src/errors.ts";

const source = [
  "export function total(items) {",
  "  let sum = 0;",
  "  for (const item of items) {",
  "    sum += item.price;",
  "  }",
  "  return sum;",
  "}",
  "",
  "export function count(items) {",
  "  let sum = 0;",
  "  return items.length;",
  "}",
  "",
].join("\n");

let repo: TempRepo;
afterEach(() => repo.cleanup());

async function run(tool: Tool, args: unknown) {
  const prepared = tool.prepare(args, ["read", "write"]);
  if (!prepared.ok) throw new Error(prepared.message);
  return prepared.call.run(toolContext(repo.root, repo.git("rev-parse", "HEAD").trim()));
}

describe("edit_file", () => {
  it("replaces a unique exact match", async () => {
    repo = makeGitRepo({ "src/cart.js": source });
    await run(editFile, {
      path: "src/cart.js",
      old: "sum += item.price;",
      new: "sum += item.price * item.qty;",
    });
    expect(readFileSync(join(repo.root, "src/cart.js"), "utf8")).toContain(
      "    sum += item.price * item.qty;\n",
    );
  });

  it("tolerates different indentation and trailing spaces and re-indents the new text", async () => {
    repo = makeGitRepo({ "src/cart.js": source });
    await run(editFile, {
      path: "src/cart.js",
      old: "for (const item of items) {   \n  sum += item.price;\n}",
      new: "for (const item of items) {\n  sum += item.price * item.qty;\n}",
    });
    const text = readFileSync(join(repo.root, "src/cart.js"), "utf8");
    expect(text).toContain(
      "  for (const item of items) {\n    sum += item.price * item.qty;\n  }\n  return sum;",
    );
  });

  it("refuses an ambiguous match and names the lines", async () => {
    repo = makeGitRepo({ "src/cart.js": source });
    await expect(
      run(editFile, { path: "src/cart.js", old: "let sum = 0;", new: "let sum = 1;" }),
    ).rejects.toThrow(/occurs 2 times .*lines 2, 10/);
  });

  it("shows the closest candidates when the old text is not there", async () => {
    repo = makeGitRepo({ "src/cart.js": source });
    const failure = await run(editFile, { path: "src/cart.js", old: "sum += item.cost;", new: "x" }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(ToolFailure);
    expect((failure as Error).message).toMatch(/closest match at line 4 .*\n\s+sum \+= item\.price;/);
  });

  it("refuses a path outside the repository, also through a symlink", async () => {
    repo = makeGitRepo({ "src/cart.js": source });
    symlinkSync("/etc", join(repo.root, "out"));
    await expect(run(editFile, { path: "../x.js", old: "a", new: "b" })).rejects.toThrow(
      /path_outside_workspace/,
    );
    await expect(run(editFile, { path: "out/hostname", old: "a", new: "b" })).rejects.toThrow(
      /path_outside_workspace/,
    );
    await expect(run(editFile, { path: ".git/config", old: "a", new: "b" })).rejects.toThrow(
      /path_outside_workspace/,
    );
  });
});
