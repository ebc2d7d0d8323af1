# Ledgerlight: the same steps as the README (`npm ci`, `npm run build`, `npm start`), in two stages.
# Build: docker build -t ledgerlight .   Run with PostgreSQL: docker compose up (compose.yaml).

# Stage 1: install (better-sqlite3 compiles here: python3, make and g++ are in the full image) and build.
FROM node:20-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Stage 2: the slim runtime, as the unprivileged `node` user of the image.
FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/app/data
WORKDIR /app
# The whole tree: `npm start` checks the build is current (it is) and `npm run ingest` runs from here too.
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
# /readyz: 200 when the database answers, 503 otherwise (docs/operations.md).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM reaches node directly (exec form, no shell): a graceful shutdown, exit 0. The same command as
# package.json's "start" (its V8 flags: docs/operations.md, "The Node.js process").
CMD ["node", "--max-semi-space-size=64", "scripts/start.mjs"]
