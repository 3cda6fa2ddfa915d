// Runs inside the install sandbox, whose network namespace has only lo: listens on 127.0.0.1, pipes
// every connection to the host's registry proxy through the unix socket bound into the sandbox, and
// runs the install command with the proxy settings in its environment. Plain JavaScript, because the
// sandbox's own node runs it (`node -e`) without Xihe's TypeScript loader.
// argv: SOCKET_PATH ENV_JSON -- COMMAND ARGS...
import { spawn } from "node:child_process";
import { connect, createServer } from "node:net";
import process from "node:process";

const [socketPath, envJson, separator, ...command] = process.argv.slice(1);
if (!socketPath || !envJson || separator !== "--" || command.length === 0) {
  process.stderr.write("usage: sandbox-proxy-launcher SOCKET ENV_JSON -- COMMAND...\n");
  process.exit(2);
}

const server = createServer((client) => {
  const upstream = connect(socketPath);
  upstream.on("error", () => client.destroy());
  client.on("error", () => upstream.destroy());
  client.pipe(upstream);
  upstream.pipe(client);
});

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  const proxy = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  // This program's own environment is the sandbox's (already the allow-list a run gets), not Xihe's.
  const env = {
    ...process.env,
    ...JSON.parse(envJson),
    HTTP_PROXY: proxy,
    HTTPS_PROXY: proxy,
    http_proxy: proxy,
    https_proxy: proxy,
    npm_config_proxy: proxy,
    npm_config_https_proxy: proxy,
    PIP_PROXY: proxy,
    // yarn berry reads neither the standard variables nor npm's, only its own settings.
    YARN_HTTP_PROXY: proxy,
    YARN_HTTPS_PROXY: proxy,
  };
  const child = spawn(command[0], command.slice(1), { stdio: "inherit", env });
  child.on("error", (err) => {
    process.stderr.write(`xihe install: cannot run ${command[0]}: ${err.message}\n`);
    process.exit(127);
  });
  child.on("exit", (code, signal) => {
    server.close();
    process.exit(code ?? 128 + (signal === "SIGKILL" ? 9 : 15));
  });
});
