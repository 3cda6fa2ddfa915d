// One PEP 508 requirement as written in requirements.txt or pyproject.toml, split into the parts the
// upgrade reads (name, specifier) and keeps (extras, marker). Only name-based requirements: a URL
// (`name @ https://…`) is not something the index can move.

export interface PythonRequirement {
  name: string;
  extras: string;
  /** The version specifier as written, e.g. `==1.0.0`, `>=1.2,<2`; "" when there is none. */
  specifier: string;
  /** The environment marker with its `;`, or "". */
  marker: string;
}

const requirement =
  /^([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(\[[^\]]*\])?\s*(\(?[^;@]*?\)?)\s*(;.*)?$/;

export function parsePythonRequirement(text: string): PythonRequirement | null {
  const match = requirement.exec(text.trim());
  if (!match) return null;
  const specifier = (match[3] ?? "").replace(/^\((.*)\)$/, "$1").replace(/\s+/g, "");
  if (specifier !== "" && !/^[<>=!~]/.test(specifier)) return null;
  return { name: match[1]!, extras: match[2] ?? "", specifier, marker: match[4] ?? "" };
}

/** PEP 503 normalized name: what the index and pip compare. */
export function normalizePythonName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, "-");
}

/** The requirement with another specifier, extras and marker kept as written. */
export function withSpecifier(req: PythonRequirement, specifier: string): string {
  return `${req.name}${req.extras}${specifier}${req.marker === "" ? "" : ` ${req.marker}`}`;
}
