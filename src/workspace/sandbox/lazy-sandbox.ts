// A sandbox made only when its first command runs. Making one is not free: withNestedGitCleanup walks
// the whole workspace to note the nested repositories already there (a third of a second on a
// checkout with 30,000 files in node_modules), and an install phase that finds the dependencies
// fresh runs no command at all. The notes are taken before the first command either way.
import type { Sandbox } from "./sandbox.ts";

export function lazySandbox(kind: string, root: string, make: () => Sandbox): Sandbox {
  let made: Sandbox | null = null;
  return {
    kind,
    root,
    run(argv, options) {
      made ??= make();
      return made.run(argv, options);
    },
  };
}
