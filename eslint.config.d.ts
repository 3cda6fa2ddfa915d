// Types for eslint.config.js, so the architecture test can build the boundary rule with its own
// allow-list entries.
import type { Linter } from "eslint";

export function boundaryBlocks(exceptions?: readonly { file: string; rule: string }[]): Linter.Config[];
declare const config: Linter.Config[];
export default config;
