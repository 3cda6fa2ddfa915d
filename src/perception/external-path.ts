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

export function isExternalPath(printed: string): boolean {
  const path = printed.includes("\\") ? printed.replace(/\\/g, "/") : printed;
  for (const prefix of RUNTIME_PREFIXES) if (path.startsWith(prefix)) return true;
  if (path.startsWith("node_modules/")) return true;
  for (const marker of EXTERNAL_MARKERS) if (path.includes(marker)) return true;
  return false;
}
