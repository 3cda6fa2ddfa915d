// Frames in dependencies, the standard library or the runtime are kept as frames but never reported
// as where a failure is: the fix belongs in project code.
const EXTERNAL_MARKERS = [
  "node_modules/",
  "/site-packages/",
  "/dist-packages/",
  "/lib/python2.",
  "/lib/python3.",
  "/.pyenv/",
  "/.cargo/registry/",
  "/.cargo/git/",
  "/.rustup/",
  "/rustc/",
  "/go/pkg/mod/",
  "/usr/local/go/src/",
  "/usr/lib/go",
  "/hostedtoolcache/",
  "/.m2/repository/",
];

const RUNTIME_PREFIXES = ["node:", "internal/", "<", "native", "java.base/", "jdk.internal", "bun:", "ext:"];

// The same lists as two regexes: one pass each instead of ~25 startsWith/includes calls per frame.
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const RUNTIME_PREFIX = new RegExp(`^(?:${[...RUNTIME_PREFIXES, "node_modules/"].map(escape).join("|")})`);
const EXTERNAL_MARKER = new RegExp(EXTERNAL_MARKERS.map(escape).join("|"));

export function isExternalPath(printed: string): boolean {
  const path = printed.includes("\\") ? printed.replace(/\\/g, "/") : printed;
  return RUNTIME_PREFIX.test(path) || EXTERNAL_MARKER.test(path);
}
