# Courtside: one process serving the site, the back office and the API on port 3000.
# Node 24 runs the TypeScript sources directly (type stripping), so there is no compile step.
FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY migrations/package.json migrations/
COPY api/package.json api/
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund
COPY . .
RUN npm run build --if-present
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Memory bounds, as `npm start` sets them (bench/measure.ts measures the peak RSS under load):
# V8 heap limits, and a fixed malloc mmap threshold so argon2's 19 MiB blocks go back to the OS
# after each hash instead of staying in per-thread arenas (about 80 MB after a few sign-ins).
ENV MALLOC_MMAP_THRESHOLD_=131072
CMD ["node", "--max-old-space-size=192", "--max-semi-space-size=8", "api/src/server.ts"]
