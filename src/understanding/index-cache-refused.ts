// Raised when the default index cache location inside a checkout is not safe to open: `.xihe` (or a
// SQLite file in it) is a symlink or not what it should be. Opening it would create, rewrite or
// delete rows in a file outside the workspace chosen by the repository's content.
import { XiheError } from "../errors.ts";

export class IndexCacheRefused extends XiheError {
  readonly code = "index_cache_refused";
  constructor(path: string, reason: string) {
    super(
      `index_cache_refused: ${path} ${reason}; remove it from the checkout, or pass --cache <file> outside the repository (or --no-cache)`,
    );
  }
}
