# syntax=docker/dockerfile:1
# Courtside: one process serving the site, the back office and the API on port 3000.
# Node 24 runs the TypeScript sources of domain/, contracts/, migrations/ and api/ directly (type stripping);
# only the public site (Astro) and the back office (Vite) are built, in the first stage. The
# second stage keeps production packages, those sources and the built output.
# No Docker engine in CI: `npm run docker-check` (scripts/docker-check.ts) reads this file and
# performs both stages in a temporary directory, then starts the result against PostgreSQL.
# The npm cache mounts keep downloads out of the image and warm between builds (BuildKit).

# Build: every workspace with its dev dependencies (astro, vite), then `npm run build`.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY contracts/package.json contracts/
COPY browser/package.json browser/
COPY migrations/package.json migrations/
COPY api/package.json api/
COPY site/package.json site/
COPY admin/package.json admin/
COPY e2e/package.json e2e/
RUN --mount=type=cache,target=/root/.npm npm ci --prefer-offline --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime: production packages of the server and of the built site only. The site's server
# entry (site/dist/server/entry.mjs) imports astro, @astrojs/node and preact at run time, so the
# site workspace is installed too; the back office is a self-contained bundle. No install
# scripts: argon2 loads its prebuilt binary, and so does sharp (photo uploads), whose binary and
# libvips come as optional packages for this platform: optional packages are installed.
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY contracts/package.json contracts/
COPY browser/package.json browser/
COPY migrations/package.json migrations/
COPY api/package.json api/
COPY site/package.json site/
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --ignore-scripts --prefer-offline --no-audit --no-fund --workspace=api --workspace=site
COPY domain/src domain/src
COPY contracts/src contracts/src
COPY migrations/src migrations/src
COPY api/src api/src
COPY api/public api/public
COPY --from=build /app/site/dist site/dist
COPY --from=build /app/admin/dist admin/dist
# DATA_DIR: uploaded photos (DATA_DIR/uploads) and, when DATABASE_URL is unset, the embedded
# database; a directory user node may write (docker-compose.yml keeps it in a volume).
ENV DATA_DIR=/home/node/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Memory bounds, as `npm start` sets them (bench/measure.ts measures the peak RSS under load):
# V8 heap limits, and a fixed malloc mmap threshold so argon2's 19 MiB blocks go back to the OS
# after each hash instead of staying in per-thread arenas (about 80 MB after a few sign-ins).
# An 8 MB semi-space (not 16) keeps the young generation ~25 MB smaller at idle and under load:
# peak 294-296 MB against 306-308, with the throughput targets still met (bench/results.md).
ENV MALLOC_MMAP_THRESHOLD_=131072
CMD ["node", "--max-old-space-size=192", "--max-semi-space-size=8", "api/src/server.ts"]
