# Multi-stage image for the Xihe GitHub App on Node.js 24 LTS. Build: docker build -t xihe .  (or podman build)
# Run (see the README's "Run the App in a container" for what each flag is for):
#   docker run --tmpfs /dev/shm:rw,exec,nosuid,nodev,size=2g --security-opt systempaths=unconfined \
#     -e APP_ID=... -e PRIVATE_KEY_PATH=/run/secrets/key.pem -e WEBHOOK_SECRET=... -p 3000:3000 xihe
#   (podman: --security-opt unmask=/proc/* instead of systempaths=unconfined)
# Runs are sandboxed by bubblewrap inside the container, as the image's unprivileged user: the host
# must allow unprivileged user namespaces, and the engine must not mask /proc (bubblewrap mounts a
# fresh /proc for each sandbox, which the kernel refuses while parts of the container's are masked).
# The engine's default seccomp profile stays: it refuses sethostname, so sandboxes keep the
# container's hostname (xihe sandbox --check says so).
# Per-run workspaces go to /dev/shm, and a run is refused with less than 1024 MB free there: the
# engines' default /dev/shm is 64 MB and mounted noexec (as is --shm-size's), where a project's
# node_modules/.bin tools cannot run (exit 126), so an executable tmpfs of 2 GB is required.
# No image registry? scripts/build-node-base-image.sh builds the base locally: --build-arg NODE_IMAGE=<its tag>.
# Behind a TLS-inspecting proxy, npm ci needs its CA: --secret id=npm_ca,src=<CA bundle>.
# Targets: `app` (the default, last) serves webhooks; `--target worker` runs `xihe worker`, which takes
# jobs from the shared queue (XIHE_QUEUE=redis://...; the App then only records and enqueues).
ARG NODE_IMAGE=node:24-bookworm-slim
FROM ${NODE_IMAGE} AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# Native addons (better-sqlite3) build against the headers the Node.js image ships, not a download.
RUN --mount=type=secret,id=npm_ca,required=false \
  if [ -f /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi \
  && npm_config_nodedir="$(dirname "$(dirname "$(command -v node)")")" npm ci --no-audit --no-fund \
  && npm prune --omit=dev

FROM ${NODE_IMAGE} AS runtime
RUN apt-get update && apt-get install -y --no-install-recommends git bubblewrap ca-certificates tini \
  && rm -rf /var/lib/apt/lists/* \
  && useradd --create-home --uid 10001 xihe
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY package.json ./
COPY bin ./bin
COPY src ./src
ENV NODE_ENV=production XIHE_STORE=/data/xihe.db XIHE_WORK_DIR=/data/work XIHE_ARCHIVE=/data/archive \
  PORT=3000 XIHE_SANDBOX=bwrap
RUN mkdir -p /data && chown xihe:xihe /data
USER xihe
VOLUME ["/data"]
ENTRYPOINT ["/usr/bin/tini", "--"]

# SIGTERM (tini forwards it) stops taking jobs; running steps get XIHE_SHUTDOWN_DEADLINE_SECONDS
# (default 60): give the container a longer stop timeout than that (docker stop -t, Kubernetes
# terminationGracePeriodSeconds).
FROM runtime AS worker
CMD ["node", "bin/xihe.js", "worker"]

FROM runtime AS app
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "bin/xihe-app.js"]
