// Whether a registry endpoint can be reached from this host, as the registry proxy would reach it
// (a plain TCP connection from the host, DNS resolved here; registry-proxy-worker.mjs). The proxy is
// the install's only way out, so an endpoint the host cannot connect to is one the install cannot
// use either. Waits at most `timeoutMs` (the caller passes what the manager itself would wait).
import { connect } from "node:net";
import type { RegistryEndpoint } from "./registry-proxy.ts";

export type EndpointAnswer = { ok: true } | { ok: false; reason: string };

export function endpointAnswers(endpoint: RegistryEndpoint, timeoutMs: number): Promise<EndpointAnswer> {
  return new Promise((resolve) => {
    const socket = connect({ host: endpoint.host, port: endpoint.port });
    const done = (answer: EndpointAnswer): void => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done({ ok: false, reason: `no answer in ${timeoutMs / 1000} s` }));
    socket.once("connect", () => done({ ok: true }));
    socket.once("error", (err: NodeJS.ErrnoException) =>
      done({ ok: false, reason: err.code ?? err.message }),
    );
  });
}
