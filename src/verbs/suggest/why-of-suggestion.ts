// One sentence of why for a suggestion: the CI failure reported on its lines (or in its file), else
// the fix's own summary. Untrusted text (tool messages, the model's reason): the renderer escapes it.
import type { Suggestion } from "../../delivery/suggest/place-suggestions.ts";

export interface ReportedFailure {
  tool: string;
  file: string | null;
  line: number | null;
  message: string;
}

export function whyOfSuggestion(
  s: Suggestion,
  failures: readonly ReportedFailure[],
  fixReason: string,
): string {
  const inFile = failures.filter((f) => f.file === s.path);
  const onLines = inFile.find((f) => f.line !== null && f.line >= s.startLine && f.line <= s.line);
  const failure = onLines ?? inFile[0];
  if (!failure) return `Part of the verified fix: ${firstSentence(fixReason)}`;
  const where = onLines ? "here" : "in this file";
  return `${failure.tool} failed ${where}: ${firstSentence(failure.message)}`;
}

function firstSentence(text: string): string {
  const line = text.split("\n").find((l) => l.trim() !== "") ?? "";
  return line.trim().slice(0, 240);
}
