// The container runner's image for tests: built by `npm run sandbox:image`'s script, which reuses an
// image already built from the same package versions (so only the first test file pays for it).
import { execFileSync } from "node:child_process";

export function sandboxImageId(cli = "podman"): string {
  const script = new URL("../../../scripts/build-sandbox-image.sh", import.meta.url).pathname;
  const out = execFileSync("bash", [script, cli], { encoding: "utf8", timeout: 600_000 });
  const id = out.trim().split("\n").at(-1) ?? "";
  if (!/^[0-9a-f]{64}$/.test(id)) throw new Error(`build-sandbox-image printed no image id: ${out}`);
  return id;
}
