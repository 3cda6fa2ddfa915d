// Task logs as DolphinScheduler workers print them: each failure kind is read from the line that
// decides it, and a log showing both a transient and a permanent error counts as permanent.
import { describe, expect, it } from "vitest";
import { classifyWorkflowFailure } from "../../../src/integrations/dolphinscheduler/classify-workflow-failure.ts";

const at = "[ERROR] 2026-12-04 10:00:05.123 +0800 - ";

describe("classifyWorkflowFailure", () => {
  it.each([
    [`${at}Caused by: java.net.SocketTimeoutException: Read timed out`, "connection"],
    [
      `${at}org.postgresql.util.PSQLException: Connection refused. Check that the hostname and port are correct`,
      "connection",
    ],
    [`${at}java.sql.SQLException: Lock wait timeout exceeded; try restarting transaction`, "lock"],
    [`${at}ERROR: deadlock detected`, "lock"],
    [
      `${at}Container killed by YARN for exceeding memory limits. 9.1 GB of 9 GB physical memory used`,
      "resource",
    ],
    [`${at}java.lang.OutOfMemoryError: Java heap space`, "resource"],
  ])("reads %s as transient (%s)", (log, cause) => {
    expect(classifyWorkflowFailure(`[INFO] start\n${log}\n[INFO] end`)).toMatchObject({
      kind: "transient",
      cause,
    });
  });

  it.each([
    [`${at}java.sql.SQLSyntaxErrorException: You have an error in your SQL syntax near 'FORM orders'`, "sql"],
    [
      `${at}FAILED: SemanticException [Error 10004]: Line 1:7 Invalid table alias or column reference 'amt'`,
      "sql",
    ],
    [
      `${at}Error: org.apache.spark.sql.AnalysisException: [TABLE_OR_VIEW_NOT_FOUND] The table or view dw.orders cannot be found`,
      "missing_table",
    ],
    [`${at}ERROR: relation "dw.orders" does not exist`, "missing_table"],
    [
      `${at}org.apache.hadoop.security.AccessControlException: Permission denied: user=etl, access=WRITE`,
      "permission",
    ],
  ])("reads %s as permanent (%s)", (log, cause) => {
    expect(classifyWorkflowFailure(log)).toMatchObject({ kind: "permanent", cause });
  });

  it("keeps the deciding line, trimmed", () => {
    const line = `${at}ERROR: relation "dw.orders" does not exist`;
    expect(classifyWorkflowFailure(`  ${line}  \nnext`).line).toBe(line);
  });

  it("prefers permanent when a log shows a connection retry and then a syntax error", () => {
    const log = `${at}Connection reset, retrying\n${at}java.sql.SQLSyntaxErrorException: syntax error at or near "FORM"`;
    expect(classifyWorkflowFailure(log)).toMatchObject({ kind: "permanent", cause: "sql" });
  });

  it("calls a log it cannot read unknown (never retried)", () => {
    expect(classifyWorkflowFailure("[ERROR] process exited with code 1")).toEqual({
      kind: "unknown",
      cause: "unknown",
      line: null,
    });
  });
});
