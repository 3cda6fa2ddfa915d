// The shape every `xihe` subcommand file exports; in its own file so a command never imports the
// entry point that wires it (no cycle through cli.ts).
import type { Command } from "commander";
import type { CliIo, ExitCode } from "./cli-io.ts";

/** A subcommand registers itself and reports its exit code through `setExit`. */
export type RegisterCommand = (program: Command, io: CliIo, setExit: (code: ExitCode) => void) => void;
