import { describe, expect, it } from "vitest";
import { pytestRetryTargets } from "../../../../src/understanding/localize/dynamic/pytest-retry-targets.ts";

// pytest 9's words when a node id names no collected test (exit 4).
const notFound =
  "ERROR: not found: /w/tests/test_hosts.py::TestHosts::test_host\n(no match in any of [<Module test_hosts.py>])\n";

describe("which targets a pytest re-run that selected nothing runs instead", () => {
  it("re-runs failing parametrized ids as their functions, a parameter holding `::` or `[` included, once each", () => {
    const retry = pytestRetryTargets(
      "fail",
      [
        {
          name: "test_host",
          file: "tests/test_hosts.py",
          nodeId: "tests/test_hosts.py::TestHosts::test_host[[::1]]",
        },
        {
          name: "test_host",
          file: "tests/test_hosts.py",
          nodeId: "tests/test_hosts.py::TestHosts::test_host[[FF02::2]]",
        },
        { name: "test_plain", file: "tests/test_hosts.py", nodeId: "tests/test_hosts.py::test_plain" },
      ],
      4,
      notFound,
      [],
    );
    expect(retry?.targets.map((t) => t.nodeId)).toEqual([
      "tests/test_hosts.py::TestHosts::test_host",
      "tests/test_hosts.py::test_plain",
    ]);
  });

  it("does not retry what is no unknown id: another usage error, ids without parameters, a passing batch's run", () => {
    const target = { name: "test_x", file: "tests/test_x.py", nodeId: "tests/test_x.py::test_x[a]" };
    expect(
      pytestRetryTargets("fail", [target], 4, "ERROR: usage: unrecognized arguments: --foo", []),
    ).toBeNull();
    expect(pytestRetryTargets("fail", [target], 1, notFound, [])).toBeNull();
    expect(
      pytestRetryTargets("fail", [{ ...target, nodeId: "tests/test_x.py::test_x" }], 4, notFound, []),
    ).toBeNull();
    expect(pytestRetryTargets("pass", [target], 4, notFound, [])).toBeNull();
  });
});
