// bench:upgrade — `xihe upgrade --dry-run --json` through bin/ on a project with 50 direct npm
// dependencies (ranges a few years old, so most have updates), against the registry the host's npm
// config names: a first run (cold metadata cache unless --cache DIR was warmed before), then
// --runs more with the cache warm. Prints wall times, the median warm run and the plan's size.
// Not a test: the target (< 10 s warm) is read from the printed numbers.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { flag, project } from "./bench-args.ts";

const dependencies: Record<string, string> = {
  lodash: "^4.17.0",
  express: "^4.17.0",
  chalk: "^4.1.0",
  commander: "^9.0.0",
  debug: "^4.3.0",
  semver: "^7.3.0",
  yargs: "^17.0.0",
  uuid: "^8.3.0",
  axios: "^1.0.0",
  dotenv: "^16.0.0",
  glob: "^8.0.0",
  minimist: "^1.2.5",
  rimraf: "^3.0.0",
  mkdirp: "^1.0.0",
  moment: "^2.29.0",
  dayjs: "^1.11.0",
  async: "^3.2.0",
  bluebird: "^3.7.0",
  underscore: "^1.13.0",
  classnames: "^2.3.0",
  react: "^18.0.0",
  "react-dom": "^18.0.0",
  "prop-types": "^15.8.0",
  ws: "^8.0.0",
  "body-parser": "^1.20.0",
  cors: "^2.8.5",
  morgan: "^1.10.0",
  "cookie-parser": "^1.4.6",
  jsonwebtoken: "^9.0.0",
  bcryptjs: "^2.4.0",
  pg: "^8.7.0",
  mysql2: "^3.0.0",
  redis: "^4.0.0",
  ioredis: "^5.0.0",
  zod: "^3.20.0",
  ajv: "^8.11.0",
  joi: "^17.6.0",
  qs: "^6.11.0",
  "node-fetch": "^2.6.0",
  htmlparser2: "^8.0.0",
  marked: "^4.0.0",
  "fs-extra": "^10.0.0",
  ora: "^5.4.0",
  nanoid: "^3.3.0",
  "date-fns": "^2.29.0",
  rxjs: "^7.5.0",
  "@babel/core": "^7.20.0",
  "@types/node": "^18.0.0",
  typescript: "^4.9.0",
  prettier: "^2.8.0",
};

const runs = Number(flag("runs") ?? 3);
const scratch = mkdtempSync(join(tmpdir(), "xihe-bench-upgrade-"));
const cache = flag("cache") ?? join(scratch, "work");
try {
  const root = join(scratch, "project");
  mkdirSync(root);
  const source = Object.keys(dependencies)
    .slice(0, 10)
    .map((name, i) => `const d${i} = require(${JSON.stringify(name)});\nexports.f${i} = () => d${i}.version;`)
    .join("\n");
  writeFileSync(join(root, "index.js"), `${source}\n`);
  writeFileSync(
    join(root, "package.json"),
    `${JSON.stringify({ name: "bench-app", version: "1.0.0", private: true, dependencies }, null, 2)}\n`,
  );
  const git = (...a: string[]) => execa("git", a, { cwd: root });
  await git("init", "-q", "-b", "main");
  await git("add", "-A");
  await git("-c", "user.name=b", "-c", "user.email=b@example.invalid", "commit", "-qm", "init");

  const once = async () => {
    const started = performance.now();
    const r = await execa(
      process.execPath,
      [join(project, "bin/xihe.js"), "upgrade", "--repo", root, "--dry-run", "--json"],
      {
        reject: false,
        env: { XIHE_STORE: join(scratch, "xihe.db"), XIHE_WORK_DIR: cache },
      },
    );
    const seconds = (performance.now() - started) / 1000;
    if (r.exitCode !== 0) throw new Error(`xihe upgrade exited ${r.exitCode}: ${r.stderr}`);
    const report = JSON.parse(r.stdout) as {
      plan: { groups: Array<{ updates: unknown[] }>; deferred: unknown[]; heldMajors: unknown[] };
      notes: unknown[];
    };
    return { seconds, report };
  };
  const first = await once();
  const { plan } = first.report;
  console.log(
    `bench:upgrade: ${Object.keys(dependencies).length} direct dependencies; plan: ${plan.groups.length} groups (${plan.groups.reduce((n, g) => n + g.updates.length, 0)} updates), ${plan.deferred.length} deferred, ${plan.heldMajors.length} held majors; notes for ${first.report.notes.length} updates`,
  );
  console.log(`  first run (cache ${flag("cache") ? "as given" : "cold"}): ${first.seconds.toFixed(2)} s`);
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) warm.push((await once()).seconds);
  warm.sort((a, b) => a - b);
  console.log(
    `  warm runs: ${warm.map((s) => s.toFixed(2)).join(", ")} s; median ${warm[Math.floor(warm.length / 2)]!.toFixed(2)} s (target < 10 s)`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
