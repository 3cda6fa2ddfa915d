// Yarn errors: classic (`yarn install v1…` then `error <message>`) and berry (`➤ YN0035: │ message`
// with an error code). Reported under the tool name "npm" like pnpm; the message starts with "yarn:".
// `error Command failed with exit code N.` is the script's failure, not yarn's, and is skipped.
import type { Failure } from "../failure.ts";
import { installFailure } from "./install-failure.ts";
import type { LogParser } from "./log-parser.ts";

const CLASSIC_HEADER = /^yarn (?:install|add|upgrade|run|import|workspaces?) v1\./;
const CLASSIC_ERROR = /^error (.+)$/;
const BERRY_ERROR = /^➤ (YN0001|YN0009|YN0016|YN0018|YN0028|YN0035|YN0046|YN0082): (?:│ )?(.*)$/;
const SCRIPT_FAILURE = /^Command failed with (?:exit code|signal)/;

export const yarnInstallParser: LogParser = {
  tool: "npm",
  markers: ["yarn ", "➤ YN"],
  detect(lines) {
    let classic = false;
    for (const line of lines) {
      if (line.startsWith("➤ YN") && BERRY_ERROR.test(line)) return 75;
      if (CLASSIC_HEADER.test(line)) classic = true;
      else if (classic && line.startsWith("error ")) return 75;
    }
    return 0;
  },
  parse(lines) {
    const failures: Failure[] = [];
    const classic = lines.some((l) => CLASSIC_HEADER.test(l));
    for (const line of lines) {
      const berry = line.startsWith("➤ YN") ? BERRY_ERROR.exec(line) : null;
      const text = berry ? (berry[2] ?? "") : classic ? (CLASSIC_ERROR.exec(line)?.[1] ?? null) : null;
      if (text === null || SCRIPT_FAILURE.test(text) || text.trim() === "") continue;
      failures.push(installFailure(`yarn: ${text.trim()}`, berry ? (berry[1] ?? null) : null));
    }
    return failures;
  },
};
