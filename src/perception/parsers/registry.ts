// Every log parser, listed explicitly (no discovery). Each decides by what the text looks like; the
// order only breaks ties between equal detection scores. Fallback parsers (`fallback: true`) run on a
// section only when no other parser found a failure in it.
import type { LogParser } from "./log-parser.ts";
import { jestParser } from "./jest-parser.ts";
import { vitestParser } from "./vitest-parser.ts";
import { mochaParser } from "./mocha-parser.ts";
import { nodeTestParser } from "./node-test-parser.ts";
import { avaParser } from "./ava-parser.ts";
import { tapParser } from "./tap-parser.ts";
import { tapClassicParser } from "./tap-classic-parser.ts";
import { tapeParser } from "./tape-parser.ts";
import { uvuParser } from "./uvu-parser.ts";
import { vowsParser } from "./vows-parser.ts";
import { tscParser } from "./tsc-parser.ts";
import { eslintParser } from "./eslint-parser.ts";
import { prettierParser } from "./prettier-parser.ts";
import { npmInstallParser } from "./npm-install-parser.ts";
import { pnpmInstallParser } from "./pnpm-install-parser.ts";
import { yarnInstallParser } from "./yarn-install-parser.ts";
import { crashParser } from "./crash-parser.ts";
import { pytestParser } from "./pytest-parser.ts";
import { unittestParser } from "./unittest-parser.ts";
import { mypyParser } from "./mypy-parser.ts";
import { flake8Parser } from "./flake8-parser.ts";
import { pylintParser } from "./pylint-parser.ts";
import { ruffParser } from "./ruff-parser.ts";
import { cargoTestParser } from "./cargo-test-parser.ts";
import { rustcParser } from "./rustc-parser.ts";
import { goTestParser } from "./go-test-parser.ts";
import { goVetParser } from "./go-vet-parser.ts";
import { shellcheckParser } from "./shellcheck-parser.ts";
import { mavenSurefireParser } from "./maven-surefire-parser.ts";
import { javacParser } from "./javac-parser.ts";
import { nodeUncaughtParser } from "./node-uncaught-parser.ts";
import { genericParser } from "./generic-parser.ts";

export const logParsers: readonly LogParser[] = [
  jestParser,
  vitestParser,
  mochaParser,
  nodeTestParser,
  avaParser,
  tapParser,
  tapClassicParser,
  tapeParser,
  uvuParser,
  vowsParser,
  tscParser,
  eslintParser,
  prettierParser,
  npmInstallParser,
  pnpmInstallParser,
  yarnInstallParser,
  crashParser,
  pytestParser,
  unittestParser,
  mypyParser,
  flake8Parser,
  pylintParser,
  ruffParser,
  cargoTestParser,
  rustcParser,
  goTestParser,
  goVetParser,
  shellcheckParser,
  mavenSurefireParser,
  javacParser,
  nodeUncaughtParser,
  genericParser,
];
