// Where one CI step or one package script ends and the next begins, so that each tool's output is
// parsed on its own (`npm ci` then `npm test` then `npm run lint` in one job log).
const NPM_LIFECYCLE = /^> (?:@[^\s/]+\/)?[^\s@]+@\S+ [\w:.-]+(?: (.+))?$/;
const YARN_RUN = /^yarn run v\d/;

export interface SectionStart {
  /** The directory the script ran in, when the header prints it (pnpm does). */
  cwd: string | null;
}

export function parseSectionStart(line: string): SectionStart | null {
  const first = line.charCodeAt(0);
  if (first === 62 /* > */ && line.charCodeAt(1) === 32) {
    const m = NPM_LIFECYCLE.exec(line);
    if (!m) return null;
    const cwd = m[1]?.trim() ?? "";
    return { cwd: /^(?:\/|[A-Za-z]:[\\/])/.test(cwd) ? cwd : null };
  }
  if (first === 121 /* y */ && YARN_RUN.test(line)) return { cwd: null };
  return null;
}
