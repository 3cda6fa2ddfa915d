// GitHub Actions markers in a job log: `##[group]`/`##[endgroup]` frame steps, `##[error]` carries the
// runner's own verdict (e.g. the exit code), and `::error file=…,line=…::msg` workflow commands that a
// tool printed carry a location we can use as data instead of text to parse.
export type WorkflowCommand =
  | { kind: "group"; title: string }
  | { kind: "endgroup" }
  | {
      kind: "annotation";
      level: "error" | "warning" | "notice";
      message: string;
      properties: AnnotationProperties;
    };

export interface AnnotationProperties {
  file: string | null;
  line: number | null;
  column: number | null;
  title: string | null;
}

const NO_PROPERTIES: AnnotationProperties = { file: null, line: null, column: null, title: null };
const RUNNER_MARKER = /^##\[(group|endgroup|error|warning|notice|debug|command|section)\](.*)$/;
const TOOL_COMMAND = /^::(error|warning|notice|group|endgroup)(?: ([^:]*))?::(.*)$/;

/** Parses a normalised line; null when it is ordinary output. Cheap: one char check first. */
export function parseWorkflowCommand(line: string): WorkflowCommand | null {
  const first = line.charCodeAt(0);
  if (first === 35 /* # */ && line.charCodeAt(1) === 35) return parseRunnerMarker(line);
  if (first === 58 /* : */ && line.charCodeAt(1) === 58) return parseToolCommand(line);
  return null;
}

function parseRunnerMarker(line: string): WorkflowCommand | null {
  const m = RUNNER_MARKER.exec(line);
  if (!m) return null;
  const [, name = "", rest = ""] = m;
  if (name === "group") return { kind: "group", title: rest };
  if (name === "endgroup") return { kind: "endgroup" };
  if (name === "error" || name === "warning" || name === "notice") {
    return { kind: "annotation", level: name, message: rest, properties: NO_PROPERTIES };
  }
  return null;
}

function parseToolCommand(line: string): WorkflowCommand | null {
  const m = TOOL_COMMAND.exec(line);
  if (!m) return null;
  const [, name = "", props = "", message = ""] = m;
  if (name === "group") return { kind: "group", title: unescapeData(message) };
  if (name === "endgroup") return { kind: "endgroup" };
  if (name !== "error" && name !== "warning" && name !== "notice") return null;
  return {
    kind: "annotation",
    level: name,
    message: unescapeData(message),
    properties: parseProperties(props),
  };
}

// The runner escapes `%`, CR, LF in data and additionally `:` and `,` in property values.
function unescapeData(text: string): string {
  return text.replace(/%0D/gi, "\r").replace(/%0A/gi, "\n").replace(/%25/g, "%");
}

function unescapeProperty(text: string): string {
  return unescapeData(text.replace(/%3A/gi, ":").replace(/%2C/gi, ","));
}

function parseProperties(text: string): AnnotationProperties {
  const values = new Map<string, string>();
  for (const pair of text.split(",")) {
    const eq = pair.indexOf("=");
    if (eq > 0) values.set(pair.slice(0, eq).trim(), unescapeProperty(pair.slice(eq + 1)));
  }
  return {
    file: values.get("file") ?? null,
    line: toInt(values.get("line")),
    column: toInt(values.get("col") ?? values.get("column")),
    title: values.get("title") ?? null,
  };
}

function toInt(value: string | undefined): number | null {
  if (value === undefined) return null;
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? n : null;
}
