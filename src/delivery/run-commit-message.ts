// Commit messages of Xihe's commits: what and why, authored by the App, `Co-authored-by:` the person
// who asked, and a `Xihe-Run: <run id>` trailer by which a retried push recognises its own commits
// (threat model A34) and `/xihe undo` finds what to revert.
import { sanitizeLlmLine } from "../sanitize-llm-text.ts";
import { DeliveryRefusal } from "./delivery-refusal.ts";

export interface CoAuthor {
  login: string;
  /** GitHub's numeric user id: makes the noreply address GitHub links to the account. */
  id?: number;
  /** `users.noreply.github.com`, or the GitHub Enterprise Server's no-reply domain. */
  noreplyDomain: string;
}

const runTrailer = "Xihe-Run";

export function runCommitMessage(input: {
  subject: string;
  why?: string;
  runId: string;
  coAuthor?: CoAuthor;
}): string {
  const subject = sanitizeLlmLine(input.subject);
  const why = input.why === undefined ? "" : sanitizeLlmLine(input.why, 500);
  const trailers = [`${runTrailer}: ${assertRunId(input.runId)}`];
  if (input.coAuthor) trailers.push(coAuthoredBy(input.coAuthor));
  return `${subject}\n\n${why === "" ? "" : `${why}\n\n`}${trailers.join("\n")}\n`;
}

/** `message` plus the trailers it lacks (used when re-stamping the loop's commits). */
export function withRunTrailers(message: string, runId: string, coAuthor?: CoAuthor): string {
  const wanted = [`${runTrailer}: ${assertRunId(runId)}`, ...(coAuthor ? [coAuthoredBy(coAuthor)] : [])];
  const missing = wanted.filter((t) => !message.split("\n").includes(t));
  if (missing.length === 0) return message;
  const body = message.trimEnd();
  const endsWithTrailers = /\n\n(?:[A-Za-z-]+: .+\n?)+$/.test(`${body}\n`);
  return `${body}${endsWithTrailers ? "\n" : "\n\n"}${missing.join("\n")}\n`;
}

/** The run ids named by `Xihe-Run:` trailers in a commit message. */
export function runIdsOf(message: string): string[] {
  return [...message.matchAll(/^Xihe-Run: ([A-Za-z0-9_-]+)\s*$/gm)].map((m) => m[1] ?? "");
}

export function coAuthoredBy(author: CoAuthor): string {
  if (!/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/.test(author.login))
    throw new DeliveryRefusal(
      "unsafe_llm_output",
      `unsafe_llm_output: ${JSON.stringify(author.login.slice(0, 60))} is not a GitHub login`,
    );
  const local = author.id === undefined ? author.login : `${author.id}+${author.login}`;
  return `Co-authored-by: ${author.login} <${local}@${author.noreplyDomain}>`;
}

function assertRunId(runId: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(runId))
    throw new DeliveryRefusal(
      "unsafe_llm_output",
      `unsafe_llm_output: run id ${JSON.stringify(runId.slice(0, 70))} is not a plain id`,
    );
  return runId;
}
