# Multi-stage image for the Xihe GitHub App on Node.js 24 LTS. Build: docker build -t xihe .  (or podman build)
# Run:   docker run --shm-size=2g -e APP_ID=... -e PRIVATE_KEY_PATH=/run/secrets/key.pem -e WEBHOOK_SECRET=... -p 3000:3000 xihe
# Per-run workspaces go to /dev/shm, and a run is refused with less than 1024 MB free there: the
# engines' default /dev/shm is 64 MB, so --shm-size (or --tmpfs /dev/shm:size=2g) is required.
FROM node:24-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund && npm prune --omit=dev

FROM node:24-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends git bubblewrap ca-certificates tini \
  && rm -rf /var/lib/apt/lists/* \
  && useradd --create-home --uid 10001 xihe
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY package.json ./
COPY bin ./bin
COPY src ./src
ENV NODE_ENV=production XIHE_STORE=/data/xihe.db XIHE_WORK_DIR=/data/work PORT=3000
RUN mkdir -p /data && chown xihe:xihe /data
USER xihe
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "bin/xihe-app.js"]
