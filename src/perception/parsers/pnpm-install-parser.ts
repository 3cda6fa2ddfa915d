// pnpm errors: ` ERR_PNPM_<CODE>  message` then an explanation paragraph. Reported under the tool name
// "npm" (the package-manager family, as the corpus names install failures); the code says it was pnpm.
// A missing script is the package manager failing too (kind install; the classifier calls it config).
// Run failures (RECURSIVE_RUN_FIRST_FAIL, ELIFECYCLE) belong to the script's tool and are skipped.
import type { Failure } from "../failure.ts";
import { installFailure } from "./install-failure.ts";
import type { LogParser } from "./log-parser.ts";

const ERROR = /^\s*(ERR_PNPM_[A-Z0-9_]+)\s+(.*)$/;
const RUN_FAILURES = new Set(["ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL", "ERR_PNPM_RECURSIVE_EXEC_FIRST_FAIL"]);

export const pnpmInstallParser: LogParser = {
  tool: "npm",
  markers: ["ERR_PNPM_"],
  detect(lines) {
    return lines.some((l) => l.includes("ERR_PNPM_") && ERROR.test(l)) ? 75 : 0;
  },
  parse(lines) {
    const failures: Failure[] = [];
    for (let i = 0; i < lines.length; i++) {
      const m = (lines[i] ?? "").includes("ERR_PNPM_") ? ERROR.exec(lines[i] ?? "") : null;
      if (!m || RUN_FAILURES.has(m[1] ?? "")) continue;
      const detail = (lines[i + 2] ?? "").trim();
      const message = [
        `pnpm: ${m[2] ?? ""}`,
        ...(detail !== "" && (lines[i + 1] ?? "").trim() === "" ? [detail] : []),
      ].join("\n");
      failures.push(installFailure(message, m[1] ?? null));
    }
    return failures;
  },
};
