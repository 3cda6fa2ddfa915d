// Reads a task pack: a JSONL file of tasks, or a directory holding `tasks.jsonl`. Every line is
// checked before anything runs, so a bad pack fails with the line and field to fix.
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { UsageError } from "../errors.ts";
import { benchTask, type BenchTask } from "./bench-task.ts";

export interface TaskPack {
  /** The tasks file; task repositories are resolved against its directory. */
  file: string;
  tasks: BenchTask[];
}

export function readTaskPack(path: string): TaskPack {
  if (!existsSync(path))
    throw new UsageError(`--tasks ${path} does not exist; pass a tasks.jsonl or its folder`);
  const file = statSync(path).isDirectory() ? join(path, "tasks.jsonl") : path;
  if (!existsSync(file))
    throw new UsageError(`${path} has no tasks.jsonl; make one with \`xihe bench make\``);
  const tasks: BenchTask[] = [];
  const seen = new Set<string>();
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, index) => {
      if (line.trim() === "") return;
      const where = `${file}:${index + 1}`;
      let raw: unknown;
      try {
        raw = JSON.parse(line);
      } catch (err) {
        throw new UsageError(`${where} is not JSON (${(err as Error).message}); one task object per line`);
      }
      const parsed = benchTask.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new UsageError(`${where}: ${issue.path.join(".") || "task"}: ${issue.message}`);
      }
      if (seen.has(parsed.data.id)) throw new UsageError(`${where}: task id ${parsed.data.id} is used twice`);
      seen.add(parsed.data.id);
      tasks.push({ ...parsed.data, repo: resolveRepo(file, parsed.data.repo) });
    });
  if (tasks.length === 0) throw new UsageError(`${file} holds no tasks`);
  return { file, tasks };
}

function resolveRepo(file: string, repo: string): string {
  return isAbsolute(repo) ? repo : resolve(dirname(file), repo);
}
