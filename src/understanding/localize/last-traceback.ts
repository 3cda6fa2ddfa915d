// The frames of a failure's last traceback that lie in the repository, innermost first: the exception
// its message is about. argument-fault.ts, result-fault.ts and nothing-returned.ts start from them.
import type { Failure } from "../../perception/failure.ts";
import type { SymbolLookup } from "../index/symbol-lookup.ts";
import type { LoggedLocation } from "./extract-entities.ts";
import type { LogPathResolver } from "./resolve-log-path.ts";

export interface ProjectFrame {
  file: string;
  line: number;
}

/** `failureIndex`: the failure's position in the diagnosis (its locations are grouped `f<index>.`). */
export function lastTracebackFrames(
  failureIndex: number,
  locations: readonly LoggedLocation[],
  resolve: LogPathResolver,
  lookup: Pick<SymbolLookup, "file">,
): ProjectFrame[] {
  const own = locations.filter((l) => l.origin === "frame" && l.group.startsWith(`f${failureIndex}.`));
  // A loop, not Math.max(...): a huge log's failure can carry more frames than a call takes arguments.
  let last = -1;
  for (const l of own) last = Math.max(last, l.offset);
  return own
    .filter((l) => l.offset === last && !l.external && l.line !== null)
    .flatMap((l) => {
      const file = resolve(l.path);
      return file !== null && lookup.file(file) ? [{ file, line: l.line as number }] : [];
    });
}

/**
 * Each failure's innermost project frame outside test code, once per `file:line`: many failures
 * crash on the same line, and what that line did is judged once. `about`: which failures to read.
 */
export function innermostCodeFrames(
  failures: readonly Failure[],
  locations: readonly LoggedLocation[],
  resolve: LogPathResolver,
  lookup: Pick<SymbolLookup, "file" | "isTest">,
  about: (failure: Failure) => boolean = () => true,
): { failure: Failure; frame: ProjectFrame }[] {
  const out: { failure: Failure; frame: ProjectFrame }[] = [];
  const seen = new Set<string>();
  failures.forEach((failure, i) => {
    if (!about(failure)) return;
    const [frame] = lastTracebackFrames(i, locations, resolve, lookup);
    if (!frame || lookup.isTest(frame.file)) return;
    const key = `${frame.file}:${frame.line}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ failure, frame });
  });
  return out;
}
