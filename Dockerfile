# pith serve in a container: article extraction over HTTP on port 8080.
#   docker build -t pith .
#   docker run --rm -p 8080:8080 pith
# Build stage: dev dependencies (TypeScript) to compile; runtime stage: production dependencies only.
FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json ./
COPY src ./src
COPY test ./test
COPY bench ./bench
COPY scripts ./scripts
RUN npx tsc -p .
# The compiled form of the shipped models (docs/models.md): read without parsing each entry.
COPY models ./models
RUN node dist/scripts/compile-models.js

FROM node:20-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/dist/src ./dist/src
COPY --from=build /app/dist/models ./dist/models
COPY bin ./bin
COPY models ./models
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s CMD node -e "fetch('http://127.0.0.1:8080/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Inside the container 0.0.0.0 is needed for -p to reach it; the host decides what is exposed.
# docker stop sends SIGTERM: in-flight requests finish (at most --drain-timeout-ms; keep it under
# docker's stop timeout, 10 s by default), then the server exits 0.
STOPSIGNAL SIGTERM
CMD ["node", "bin/pith.js", "serve", "--host", "0.0.0.0", "--port", "8080", "--drain-timeout-ms", "8000"]
