# syntax=docker/dockerfile:1
# The bot: Node 24 runs the TypeScript sources directly (no build step).

# --- dependencies: production only, from the lock file ---
FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force

# --- runtime ---
FROM node:24-slim
# NODE_COMPILE_CACHE: type-stripped and compiled modules from disk. Without it, Node loads its
# TypeScript stripper (a WebAssembly module) at every start: ~40 MB more RSS for the process' life.
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=8080 \
    NODE_COMPILE_CACHE=/app/.cache/node
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY src ./src
COPY locales ./locales
# Fonts the chart, the label and the receipts and acts (PDF) load explicitly (DejaVu Sans, Cyrillic included), never the host's.
COPY assets ./assets
# Sessions, dialog state and caches live here unless REDIS_URL is set.
RUN mkdir -p /data /app/.cache/node && chown node:node /data /app/.cache /app/.cache/node
# The compile cache is filled as the user that runs the bot: Node keys its folder by the user id
# (.cache/node/v24...-<uid>), so a cache filled as root is never read by `node` (uid 1000).
USER node
# Fill the compile cache: main.ts loads every module, then stops for the missing config.
# The cache is keyed by the V8 flags too, so these must be the flags of CMD below.
RUN node --max-semi-space-size=4 --max-old-space-size=512 src/main.ts >/dev/null 2>&1; \
    ls /app/.cache/node | grep -q -- "-$(id -u)\$"
VOLUME ["/data"]
EXPOSE 8080
# GET /health on PORT in both modes: 503 when polling has not had a successful getUpdates for 90 s.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/health').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
STOPSIGNAL SIGTERM
# V8 flags, the same as `npm start` (package.json; why: README "Memory"). bench/start-command.ts checks they match.
CMD ["node", "--max-semi-space-size=4", "--max-old-space-size=512", "src/main.ts"]
