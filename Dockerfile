# syntax=docker/dockerfile:1
# Multi-stage image: the API (run as TypeScript by Node 24's type stripping) serving the built web app.

FROM node:24-bookworm-slim AS base
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH
RUN npm install -g pnpm@10 --no-audit --no-fund
WORKDIR /app

FROM base AS build
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm --filter @opora/web build

FROM base AS prod-deps
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
RUN pnpm install --frozen-lockfile --prod --filter @opora/api... --filter opora

FROM node:24-bookworm-slim AS runtime
# Every interface: the container's port is how it is reached (outside a container Opora defaults to
# loopback while NODE_ENV is not production).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 WEB_DIST_DIR=/app/apps/web/dist
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=prod-deps /app/apps/api/node_modules ./apps/api/node_modules
COPY --from=prod-deps /app/packages/contracts/node_modules ./packages/contracts/node_modules
COPY --from=prod-deps /app/packages/db/node_modules ./packages/db/node_modules
COPY package.json ./
COPY apps/api ./apps/api
COPY packages ./packages
COPY locales ./locales
COPY --from=build /app/apps/web/dist ./apps/web/dist
USER node
EXPOSE 3000
# Node flags: scripts/node-flags.ts says why (node-flags.test.ts keeps this line in step).
CMD ["node", "--max-semi-space-size=8", "apps/api/src/server.ts"]
