// The frames of a failure's last traceback that lie in the repository, innermost first: the exception
// its message is about. argument-fault.ts and result-fault.ts both start from them.
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
  const last = Math.max(-1, ...own.map((l) => l.offset));
  return own
    .filter((l) => l.offset === last && !l.external && l.line !== null)
    .flatMap((l) => {
      const file = resolve(l.path);
      return file !== null && lookup.file(file) ? [{ file, line: l.line as number }] : [];
    });
}
