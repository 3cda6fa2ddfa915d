// Why a workflow's task failed, read from its log: transient (resources, locks, connections: running
// it again may pass) or permanent (SQL or syntax, permissions, a missing table: it fails the same way
// again). A log that matches neither is unknown, and unknown is never retried automatically. A log
// that shows both is permanent: a retry would only repeat the permanent error.
export type FailureKind = "transient" | "permanent" | "unknown";

export interface FailureClass {
  kind: FailureKind;
  /** "connection", "lock", "resource", "sql", "permission", "missing_table", or "unknown". */
  cause: string;
  /** The log line that decided it (trimmed), or null. */
  line: string | null;
}

const permanent: { cause: string; pattern: RegExp }[] = [
  {
    cause: "missing_table",
    pattern:
      /Table(?: or view)? not found|Table '?[\w.`]+'? doesn't exist|relation "?[\w.]+"? does not exist|TABLE_OR_VIEW_NOT_FOUND|NoSuchTableException/i,
  },
  {
    cause: "sql",
    pattern:
      /SQLSyntaxErrorException|syntax error|error in your SQL syntax|ParseException|SemanticException|Unknown column|column "?[\w.]+"? does not exist|Invalid column/i,
  },
  {
    cause: "permission",
    pattern:
      /Permission denied|Access denied|AccessControlException|not authori[sz]ed|insufficient privilege|permission to (?:access|read|write)/i,
  },
];

const transient: { cause: string; pattern: RegExp }[] = [
  {
    cause: "lock",
    pattern:
      /Lock wait timeout|Deadlock found|deadlock detected|could not obtain lock|LockException|is locked/i,
  },
  {
    cause: "connection",
    pattern:
      /Connection refused|Connection reset|Communications link failure|SocketTimeoutException|Read timed out|connect timed out|ECONNRESET|ECONNREFUSED|UnknownHostException|Broken pipe|TTransportException|Connection is not available/i,
  },
  {
    cause: "resource",
    pattern:
      /OutOfMemoryError|Cannot allocate memory|No space left on device|insufficient resources|Container killed|beyond (?:physical|virtual) memory|Too many connections|resource(?:s)? (?:unavailable|exhausted)/i,
  },
];

export function classifyWorkflowFailure(log: string): FailureClass {
  const lines = log.split(/\r?\n/);
  return match(lines, permanent, "permanent") ?? match(lines, transient, "transient") ?? unknown;
}

const unknown: FailureClass = { kind: "unknown", cause: "unknown", line: null };

function match(
  lines: string[],
  rules: { cause: string; pattern: RegExp }[],
  kind: FailureKind,
): FailureClass | null {
  for (const rule of rules) {
    const line = lines.find((l) => rule.pattern.test(l));
    if (line !== undefined) return { kind, cause: rule.cause, line: line.trim().slice(0, 300) };
  }
  return null;
}
