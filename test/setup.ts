// Shared test setup: no real network, every nock interceptor must be used, and scratch folders go
// when the file ends (registered first, so under vitest's stacked hooks this runs after the file's own
// afterAll hooks have closed the stores and servers living in them).
import nock from "nock";
import { afterEach, beforeAll, afterAll } from "vitest";
import { removeScratchDirs } from "./support/scratch-dir.ts";

afterAll(removeScratchDirs);

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
