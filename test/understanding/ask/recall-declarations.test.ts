// What recall does with TypeScript that says what code looks like rather than what it does: overload
// and interface method signatures never run, so the implementation is the answer (and takes the
// overloads' doc comment); type aliases and interfaces describe data, so they rank below code.
import { describe, expect, it } from "vitest";
import { recall } from "../../../src/understanding/ask/recall.ts";
import { lines } from "../make-repo.ts";
import { names, useIndexedRepo } from "./indexed-repo.ts";

const indexOf = useIndexedRepo();

describe("ask recall: declarations that never run, and types", () => {
  it("answers with the implementation after its overloads, with the overloads' doc comment", async () => {
    const { index, readLines } = await indexOf({
      "src/index.ts": lines(
        "/** Cuts a string into words where the letters change case or a separator stands. */",
        "export function splitByCase(str: string): string[];",
        "export function splitByCase(str: string, separators: readonly string[]): string[];",
        "export function splitByCase(str: string, separators?: readonly string[]) {",
        "  const splitters = separators ?? ['-', '_', '/', '.'];",
        "  const parts: string[] = [];",
        "  let buff = '';",
        "  for (const char of str) {",
        "    if (splitters.includes(char)) { parts.push(buff); buff = ''; continue; }",
        "    buff += char;",
        "  }",
        "  parts.push(buff);",
        "  return parts;",
        "}",
        "",
        "export function kebabCase(str: string) {",
        "  return splitByCase(str).map((p) => p.toLowerCase()).join('-');",
        "}",
      ),
    });
    const ranked = recall(index, readLines, "which separators cut words by default?");
    expect(ranked[0]?.symbol.startLine).toBe(4);
    expect(ranked.filter((r) => r.symbol.name === "splitByCase").map((r) => r.symbol.startLine)).toEqual([4]);
    const byDoc = recall(index, readLines, "where do letters change case?");
    expect(byDoc[0]?.symbol.startLine).toBe(4);
  });

  it("answers with the function, not the interface method signature it calls", async () => {
    const { index, readLines } = await indexOf({
      "src/decode.ts": lines(
        "export interface EntityErrorProducer {",
        "  missingSemicolonAfterCharacterReference(): void;",
        "  validateNumericCharacterReference(code: number): void;",
        "}",
        "",
        "export function parseNumericEntity(code: number, errors?: EntityErrorProducer): number {",
        "  errors?.validateNumericCharacterReference(code);",
        "  if (code > 0x10ffff) return 0xfffd;",
        "  if (code >= 0xd800 && code <= 0xdfff) return 0xfffd;",
        "  return code;",
        "}",
      ),
    });
    const ranked = names(
      recall(index, readLines, "what happens to a numeric character reference above the largest code point?"),
    );
    expect(ranked[0]).toBe("parseNumericEntity");
    expect(ranked).not.toContain("EntityErrorProducer.validateNumericCharacterReference");
  });

  it("drops a method signature in a file of types alone: it never runs either", async () => {
    const { index, readLines } = await indexOf({
      "src/types.ts": lines(
        "export type CommandContext = { rawArgs: string[] };",
        "export type CittyPlugin = {",
        "  name: string;",
        "  setup?(context: CommandContext): void | Promise<void>;",
        "  cleanup?(context: CommandContext): void | Promise<void>;",
        "};",
      ),
      "src/command.ts": lines(
        "import type { CittyPlugin, CommandContext } from './types.ts';",
        "export async function runCommand(plugins: CittyPlugin[], context: CommandContext) {",
        "  const errors: unknown[] = [];",
        "  for (const plugin of [...plugins].reverse()) {",
        "    try { await plugin.cleanup?.(context); } catch (error) { errors.push(error); }",
        "  }",
        "  if (errors.length > 1) throw new AggregateError(errors, 'plugin cleanup failed');",
        "  if (errors.length === 1) throw errors[0];",
        "}",
      ),
    });
    const ranked = names(
      recall(
        index,
        readLines,
        "in which order do the plugins clean up, and what if more than one cleanup fails?",
      ),
    );
    expect(ranked[0]).toBe("runCommand");
    expect(ranked).not.toContain("CittyPlugin.cleanup");
  });

  it("keeps a TypeScript test file's blocks, which have no body field but run", async () => {
    const { index, readLines } = await indexOf({
      "src/parse.ts": lines("export function parseHeader(s: string) {", "  return s.split(':');", "}"),
      "test/parse.test.ts": lines(
        "import { parseHeader } from '../src/parse.ts';",
        "describe('parseHeader', () => {",
        "  it('splits a header line at the colon', () => {",
        "    expect(parseHeader('a:b')).toEqual(['a', 'b']);",
        "  });",
        "});",
      ),
    });
    const ranked = recall(index, readLines, "where are the tests for splitting a header line at the colon?");
    expect(ranked.map((r) => r.symbol.file)).toContain("test/parse.test.ts");
  });

  it("ranks a type alias or interface carrying the question's words below the function that does it", async () => {
    const { index, readLines } = await indexOf({
      "src/types.ts": lines(
        "export type CapitalizedWords<T extends readonly string[]> = T extends [",
        "  infer F extends string,",
        "  ...infer R extends string[],",
        "]",
        "  ? [Capitalize<F>, ...CapitalizedWords<R>]",
        "  : [];",
        "export interface JoinedWords { words: string[]; joiner: string }",
      ),
      "src/index.ts": lines(
        "export function trainCase(str: string, joiner = '-') {",
        "  const words = str.split(/[\\s_]+/).filter(Boolean);",
        "  const capitalized = words.map((p) => p[0].toUpperCase() + p.slice(1));",
        "  return capitalized.join(joiner);",
        "}",
      ),
    });
    const ranked = recall(index, readLines, "how are words joined with dashes and each capitalized?");
    expect(ranked[0]?.symbol.name).toBe("trainCase");
    const type = ranked.find((r) => r.symbol.name === "CapitalizedWords");
    expect(type?.why).toContain("a type declaration, ranked after the code that matches");
  });

  it("ranks a type whose name carries the question's words after the function, unless the question names it", async () => {
    const { index, readLines } = await indexOf({
      "src/types.ts": lines(
        "/** Dashed words, each capitalized, as a type. */",
        "export type CapitalizedDashedWords<T extends string> = T extends `${infer F}-${infer R}`",
        "  ? `${Capitalize<F>}-${CapitalizedDashedWords<R>}`",
        "  : Capitalize<T>;",
      ),
      "src/index.ts": lines(
        "/** Capitalizes each word and joins the words with a dash. */",
        "export function trainCase(str: string, joiner = '-') {",
        "  const parts = str.split(/[\\s_]+/).filter(Boolean);",
        "  return parts.map((p) => p[0].toUpperCase() + p.slice(1)).join(joiner);",
        "}",
      ),
    });
    const ranked = names(recall(index, readLines, "how are dashed words capitalized?"));
    expect(ranked).toEqual(["trainCase", "CapitalizedDashedWords"]);
    const named = names(recall(index, readLines, "what does `CapitalizedDashedWords` accept?"));
    expect(named[0]).toBe("CapitalizedDashedWords");
  });

  it("still ranks a named type first when only a test block or a signature that never runs has its name", async () => {
    const types = lines(
      "/** Dashed words, each capitalized, as a type. */",
      "export type CapitalizedDashedWords<T extends string> = T extends `${infer F}-${infer R}`",
      "  ? `${Capitalize<F>}-${CapitalizedDashedWords<R>}`",
      "  : Capitalize<T>;",
    );
    const code = lines(
      "import type { CapitalizedDashedWords } from './types.ts';",
      "/** Capitalizes each word and joins the words with a dash. */",
      "export function trainCase<T extends string>(str: T): CapitalizedDashedWords<T> {",
      "  const parts = str.split(/[\\s_]+/).filter(Boolean);",
      "  return parts.map((p) => p[0].toUpperCase() + p.slice(1)).join('-') as CapitalizedDashedWords<T>;",
      "}",
    );
    const question = "what does `CapitalizedDashedWords` accept?";
    const tested = await indexOf({
      "src/types.ts": types,
      "src/index.ts": code,
      "test/types.test.ts": lines(
        "import { trainCase } from '../src/index.ts';",
        "describe('CapitalizedDashedWords', () => {",
        "  it('joins', () => expect(trainCase('a b')).toBe('A-B'));",
        "});",
      ),
    });
    expect(names(recall(tested.index, tested.readLines, question))[0]).toBe("CapitalizedDashedWords");
    const declared = await indexOf({
      "src/types.ts": types,
      "src/index.ts": code,
      "src/casing.ts": lines(
        "import type { CapitalizedDashedWords } from './types.ts';",
        "export interface Casing {",
        "  capitalizedDashedWords<T extends string>(str: T): CapitalizedDashedWords<T>;",
        "}",
      ),
    });
    expect(names(recall(declared.index, declared.readLines, question))[0]).toBe("CapitalizedDashedWords");
  });

  it("ranks a type named like a function after the function, when the question names both", async () => {
    const { index, readLines } = await indexOf({
      "src/types.ts": lines(
        "/** A string type in PascalCase: words joined, each capitalized, optionally normalized. */",
        "export type PascalCase<T extends string, Normalize extends boolean = false> =",
        "  T extends `${infer F}-${infer R}` ? `${Capitalize<F>}${PascalCase<R, Normalize>}` : Capitalize<T>;",
      ),
      "src/index.ts": lines(
        "export function pascalCase(str: string, opts?: { normalize?: boolean }) {",
        "  const parts = str.split(/[\\s_-]+/).filter(Boolean);",
        "  return parts",
        "    .map((p) => (opts?.normalize ? p[0].toUpperCase() + p.slice(1).toLowerCase() : p[0].toUpperCase() + p.slice(1)))",
        "    .join('');",
        "}",
      ),
    });
    const ranked = recall(
      index,
      readLines,
      "what does the normalize option change when converting to PascalCase?",
    );
    expect(names(ranked)).toEqual(["pascalCase", "PascalCase"]);
    expect(ranked[1]?.why).toContain(
      "a type declaration named like a function, ranked after the code that matches",
    );
  });
});
