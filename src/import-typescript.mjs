// Imports a TypeScript module of this project without a build step. Node strips the types itself
// where it can (process.features.typescript: Node 22.18+, 23.6+; the sources use only erasable
// syntax, tsconfig's erasableSyntaxOnly), which starts xihe about twice as fast as tsx's loader;
// tsx stays for older Nodes and for a checkout under node_modules, where Node refuses to strip types.
// Node's compile cache (V8 code of the modules it loaded, checked against their source) halves the
// start-up again; it lives in the user's own cache folder, not a /tmp other users could write.
import nodeModule from "node:module";
import { homedir } from "node:os";
import { join } from "node:path";
import process from "node:process";

/** `href`: the module's file URL (a string, or a URL object). */
export async function importTypeScript(href) {
  href = String(href);
  nodeModule.enableCompileCache?.(compileCacheDir());
  if (!process.features.typescript || href.includes("/node_modules/"))
    (await import("tsx/esm/api")).register();
  return import(href);
}

function compileCacheDir() {
  const cacheHome = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
  return join(cacheHome, "xihe", "node-compile-cache");
}
