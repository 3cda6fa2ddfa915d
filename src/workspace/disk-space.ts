// Refuses to clone when the disk is nearly full: a half-written checkout fails in confusing ways.
import { statfsSync } from "node:fs";
import { XiheError } from "../errors.ts";

export class DiskSpaceError extends XiheError {
  readonly code = "disk_space_low";
}

export function assertFreeDisk(dir: string, minFreeMb: number): void {
  const stats = statfsSync(dir);
  const freeMb = Math.floor((stats.bavail * stats.bsize) / (1024 * 1024));
  if (freeMb < minFreeMb)
    throw new DiskSpaceError(
      `only ${freeMb} MB free under ${dir}, need ${minFreeMb} MB to prepare a workspace; free space or point XIHE_WORK_DIR elsewhere`,
    );
}
