// JVM stack frames `at com.example.Money.percent(Money.java:27)` name a class and a file's base name
// only. Maven's layout puts a class's source at src/{main,test}/<lang>/<package path>/<File>; a class is
// a test class when it is the failing test's class (or nested in it) or is named like one. In a
// multi-module build the module directory (the artifactId, by convention) comes first.
import type { Frame } from "../failure.ts";

const FRAME = /^\s*at (?:[\w.$-]+\/)*([\w.$<>]+)\.([\w$<>]+)\(([\w$-]+\.(?:java|kt|scala|groovy)):(\d+)\)$/;
const EXTERNAL_PACKAGES =
  /^(?:java|javax|jdk|sun|com\.sun|kotlin|kotlinx|scala|groovy|org\.junit|junit|org\.opentest4j|org\.apache\.maven|org\.testng|org\.assertj|org\.hamcrest|org\.mockito|org\.springframework|org\.gradle|worker\.org\.gradle|net\.bytebuddy)\./;
const LANGUAGE_DIR: Record<string, string> = { java: "java", kt: "kotlin", scala: "scala", groovy: "groovy" };

export interface JavaLayout {
  /** Simple names of the classes under test (their sources are under src/test). */
  testClasses: ReadonlySet<string>;
  /** `module/` in a multi-module build, else "". */
  modulePrefix: string;
}

export function parseJavaFrame(line: string, layout: JavaLayout): Frame | null {
  const m = FRAME.exec(line);
  if (!m) return null;
  const [, className = "", method = "", file = "", row] = m;
  return {
    file: javaSourcePath(className, file, layout),
    line: Number(row),
    function: `${className}.${method}`,
    external: EXTERNAL_PACKAGES.test(className) || !className.includes("."),
  };
}

export function javaSourcePath(className: string, file: string, layout: JavaLayout): string {
  const pkg = className.includes(".") ? className.slice(0, className.lastIndexOf(".")) : "";
  const simple = (className.split(".").at(-1) ?? "").split("$")[0] ?? "";
  const ext = file.split(".").at(-1) ?? "java";
  const isTest = layout.testClasses.has(simple) || /(?:Test|Tests|IT|TestCase|Spec)$/.test(simple);
  const dir = `src/${isTest ? "test" : "main"}/${LANGUAGE_DIR[ext] ?? "java"}`;
  const pkgPath = pkg === "" ? "" : `${pkg.replace(/\./g, "/")}/`;
  return `${layout.modulePrefix}${dir}/${pkgPath}${file}`;
}
