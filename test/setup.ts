// Shared test setup: no real network, and every nock interceptor must be used.
import nock from "nock";
import { afterEach, beforeAll, afterAll } from "vitest";

beforeAll(() => {
  nock.disableNetConnect();
  nock.enableNetConnect((host) => host.startsWith("127.0.0.1") || host.startsWith("localhost"));
});

afterEach(() => {
  const pending = nock.pendingMocks();
  nock.cleanAll();
  if (pending.length > 0) throw new Error(`unused HTTP interceptors: ${pending.join(", ")}`);
});

afterAll(() => {
  nock.enableNetConnect();
});
