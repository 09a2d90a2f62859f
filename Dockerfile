# Multi-stage image for one stateless app node. Point DATABASE_URL at PostgreSQL in production;
# without it the node uses embedded PGlite in /app/data (fine for a demo, not for several nodes).
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# scripts/runtime-files.mjs: the source files the server runs from (its import graph) and the migrations.
RUN npm run build && node scripts/runtime-files.mjs /app/runtime && npm prune --omit=dev

FROM node:24-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4321 ASTRO_TELEMETRY_DISABLED=1
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# scripts/server.mjs, the page cache in front of Astro that runs from source (Node strips the types) with
# every file it imports, and the migrations — as the build stage's scripts/runtime-files.mjs found them.
# tests/integration/runtime-image.test.ts assembles this stage from these COPY lines and starts it.
COPY --from=build /app/runtime ./
EXPOSE 4321
USER node
CMD ["node", "scripts/server.mjs"]
