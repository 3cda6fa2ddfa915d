// npm 5 and 6 wrote lockfile version 1: no `packages` map keyed by install path, only a `dependencies`
// tree whose nesting is the node_modules nesting. This flattens it into the `packages` shape of
// versions 2 and 3, so a v1 checkout's installed tree can be compared with its lockfile as well.
import { z } from "zod";

export interface LockPackage {
  version?: string | undefined;
  optional?: boolean | undefined;
  link?: boolean | undefined;
}

interface V1Dependency {
  version?: string | undefined;
  optional?: boolean | undefined;
  dependencies?: Record<string, V1Dependency> | undefined;
}

const v1Dependency: z.ZodType<V1Dependency> = z.lazy(() =>
  z.object({
    version: z.string().optional(),
    optional: z.boolean().optional(),
    dependencies: z.record(z.string(), v1Dependency).optional(),
  }),
);
const v1Schema = z.object({ dependencies: z.record(z.string(), v1Dependency) });

/** The v1 tree by install path (`node_modules/a/node_modules/b`); null when `lock` is no v1 tree. */
export function npmLockV1Packages(lock: unknown): Record<string, LockPackage> | null {
  const parsed = v1Schema.safeParse(lock);
  if (!parsed.success) return null;
  const packages: Record<string, LockPackage> = {};
  const walk = (prefix: string, deps: Record<string, V1Dependency>): void => {
    for (const [name, dep] of Object.entries(deps)) {
      const path = `${prefix}node_modules/${name}`;
      // `file:` versions are links into the checkout: npm installs them as symlinks, not copies.
      const link = dep.version?.startsWith("file:") === true;
      packages[path] = { version: dep.version, optional: dep.optional, ...(link ? { link } : {}) };
      if (dep.dependencies) walk(`${path}/`, dep.dependencies);
    }
  };
  walk("", parsed.data.dependencies);
  return packages;
}
