// A `::error file=…,line=…::message` workflow command is a failure record already: use its data.
import type { Failure } from "./failure.ts";
import type { WorkflowCommand } from "./workflow-command.ts";
import { cleanPrintedPath } from "./path-mapping.ts";

type Annotation = Extract<WorkflowCommand, { kind: "annotation" }>;

export const ANNOTATION_TOOL = "github-annotation";

/** Null for annotations without a file (the runner's own `##[error]Process completed…`). */
export function annotationFailure(annotation: Annotation): Failure | null {
  const { file, line, column, title } = annotation.properties;
  if (!file || annotation.level === "notice") return null;
  return {
    tool: ANNOTATION_TOOL,
    // The command does not say which kind of tool printed it; "build" is the neutral choice.
    kind: "build",
    file: cleanPrintedPath(file),
    line,
    column,
    test: null,
    message: title ? `${title}: ${annotation.message}` : annotation.message,
    rule: null,
    frames: [],
  };
}
