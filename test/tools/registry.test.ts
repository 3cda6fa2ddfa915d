import { describe, expect, it } from "vitest";
import { toolRegistry, workflowTools } from "../../src/tools/registry.ts";

describe("tool registry", () => {
  it("pins every tool's JSON Schema, permission and idempotent flag (the wire contract)", () => {
    const contract = toolRegistry.map((t) => ({
      name: t.name,
      permission: t.permission,
      idempotent: t.idempotent,
      description: t.description,
      parameters: t.parameters,
    }));
    expect(contract).toMatchSnapshot();
  });

  it("pins the workflow tools' JSON Schema, permission and idempotent flag", () => {
    const contract = workflowTools.map((t) => ({
      name: t.name,
      permission: t.permission,
      idempotent: t.idempotent,
      description: t.description,
      parameters: t.parameters,
    }));
    expect(contract).toMatchSnapshot();
  });

  it("refuses to start a workflow in a run without remote_write, before parsing", () => {
    const trigger = workflowTools.find((t) => t.name === "ds_trigger_workflow")!;
    expect(trigger.prepare({ name: "etl" }, ["read", "write", "command"])).toEqual({
      ok: false,
      message: expect.stringContaining('needs "remote_write" permission'),
    });
    expect(trigger.prepare({ name: "etl", params: { dt: "x" } }, ["read", "remote_write"]).ok).toBe(true);
  });

  it("has unique snake_case names", () => {
    const names = [...toolRegistry, ...workflowTools].map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it("refuses a write tool in a read-only run before parsing it", () => {
    const edit = toolRegistry.find((t) => t.name === "edit_file")!;
    const result = edit.prepare({ path: "a", old: "x", new: "y" }, ["read"]);
    expect(result).toEqual({ ok: false, message: expect.stringContaining('needs "write" permission') });
  });

  it("names the field to fix when arguments have the wrong type", () => {
    const read = toolRegistry.find((t) => t.name === "read_file")!;
    const result = read.prepare({ path: 42, extra: true }, ["read"]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toMatch(/path: .*expected string/i);
    expect(result.message).toContain("unknown field(s) extra");
  });
});
