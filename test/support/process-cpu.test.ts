// The CPU reading the load bench reports: it grows with the work a process does, and a process that
// cannot be read gives null rather than a wrong sum.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { platform } from "node:os";
import { expect, it } from "vitest";
import { cpuSpent, processCpuMs } from "./process-cpu.ts";

it.runIf(platform() === "linux")("counts the CPU a child process spends busy", async () => {
  // A child that computes for about 300 ms of CPU, then waits to be read and stopped.
  const child = spawn(process.execPath, [
    "-e",
    "const end = process.cpuUsage().user + 300000; while (process.cpuUsage().user < end); console.log('done'); setInterval(() => {}, 1000);",
  ]);
  try {
    const before = [processCpuMs(child.pid!)];
    await once(child.stdout, "data");
    const spent = cpuSpent(before, [processCpuMs(child.pid!)]);
    expect(spent).toBeGreaterThanOrEqual(250);
  } finally {
    child.kill("SIGKILL");
  }
});

it("gives null when a process could not be read", () => {
  expect(processCpuMs(2 ** 22 + 7)).toBeNull();
  expect(cpuSpent([100, null], [200, 300])).toBeNull();
  expect(cpuSpent([100, 50], [180, 70])).toBe(100);
});
