// A loopback port nothing listens on: a connection to it is refused at once, as to a service that is
// down or a host that is unreachable offline.
import { createServer } from "node:net";

export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
