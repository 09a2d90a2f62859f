# Multi-stage image for one stateless app node. Point DATABASE_URL at PostgreSQL in production;
# without it the node uses embedded PGlite in /app/data (fine for a demo, not for several nodes).
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4321 ASTRO_TELEMETRY_DISABLED=1
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/scripts/server.mjs ./scripts/server.mjs
# The page cache in front of Astro runs from source (Node strips the types): it and the pure modules it imports.
COPY --from=build /app/src/server/page-cache ./src/server/page-cache
COPY --from=build /app/src/server/auth/credentials.ts ./src/server/auth/credentials.ts
COPY --from=build /app/src/server/config/index.ts ./src/server/config/index.ts
COPY --from=build /app/src/server/http/ie.ts /app/src/server/http/security-headers.ts /app/src/server/http/early.ts /app/src/server/http/secrets.ts ./src/server/http/
COPY --from=build /app/src/i18n/ru-security.ts ./src/i18n/ru-security.ts
COPY --from=build /app/src/server/db/migrations ./src/server/db/migrations
EXPOSE 4321
USER node
CMD ["node", "scripts/server.mjs"]
