// Imports a TypeScript module of this project without a build step. Node strips the types itself
// where it can (process.features.typescript: Node 22.18+, 23.6+; the sources use only erasable
// syntax, tsconfig's erasableSyntaxOnly), which starts xihe about twice as fast as tsx's loader;
// tsx stays for older Nodes and for a checkout under node_modules, where Node refuses to strip types.
// Node's compile cache (V8 code of the modules it loaded, checked against their source) halves the
// start-up again. It lives in xihe's own node_modules/.cache: whoever can write there can already
// change xihe's code, whereas a cache under HOME or /tmp could be written by the code xihe runs in a
// sandbox (HOME may be the checkout) or by another user, and xihe would then run their V8 code.
import nodeModule from "node:module";
import { fileURLToPath } from "node:url";
import process from "node:process";

const compileCacheDir = fileURLToPath(
  new globalThis.URL("../node_modules/.cache/xihe-compile-cache", import.meta.url),
);

/** `href`: the module's file URL (a string, or a URL object). */
export async function importTypeScript(href) {
  href = String(href);
  nodeModule.enableCompileCache?.(compileCacheDir);
  if (!process.features.typescript || href.includes("/node_modules/"))
    (await import("tsx/esm/api")).register();
  return import(href);
}
