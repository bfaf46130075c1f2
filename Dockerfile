# Crow Research: one image for both roles (ROLE=web serves HTTP, ROLE=worker runs the jobs).
# Every process applies pending migrations on start, under an advisory lock, before it serves;
# `node dist/api/migrate.js` does only that, for a deploy step that migrates first.

# --- build: all dependencies, then the client, the public-page renderer and the server ---
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- production dependencies only ---
FROM node:24-bookworm-slim AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- runtime ---
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    ROLE=web \
    NODE_COMPILE_CACHE=/tmp/node-compile-cache
WORKDIR /app
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY package.json ./
COPY --from=build /app/dist ./dist
# Data the server reads at run time, where the built server looks for it (beside the sources'
# places in the repository): migrations, the research datasets, the wallet labels and the EU VAT
# rates.
COPY server/db/migrations ./server/db/migrations
COPY server/research/datasets ./server/research/datasets
COPY server/research/sources/wallet-labels.json ./server/research/sources/wallet-labels.json
COPY server/domain/tax/eu-vat-rates.json ./server/domain/tax/eu-vat-rates.json
# The official image's unprivileged user; nothing in /app is writable by it.
USER node
EXPOSE 5000
# Web processes only: a worker has no HTTP port (compose turns the check off for it).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "dist/api/main.js"]
