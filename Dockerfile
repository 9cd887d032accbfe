# syntax=docker/dockerfile:1
# The bot: Node 24 runs the TypeScript sources directly (no build step).

# --- dependencies: production only, from the lock file ---
FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force

# --- runtime ---
FROM node:24-slim
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=8080
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY src ./src
COPY locales ./locales
# Sessions, dialog state and caches live here unless REDIS_URL is set.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 8080
# Webhook mode serves GET /health; in polling mode there is no port to ask, so the check passes.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "if (process.env.BOT_MODE !== 'webhook') process.exit(0); fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/health').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
STOPSIGNAL SIGTERM
CMD ["node", "src/main.ts"]
