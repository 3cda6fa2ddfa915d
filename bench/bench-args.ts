// The command line every bench reads the same way: `--name VALUE` flags after the script's path.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const args = process.argv.slice(2);

/** The value after `--name`, or undefined when the flag is absent. */
export function flag(name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

/** The project's root directory (the one holding bench/). */
export const project = resolve(dirname(fileURLToPath(import.meta.url)), "..");
