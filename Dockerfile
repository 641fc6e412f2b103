# The site in one image: the built web app and the server bundle, served by Node 20.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
COPY --from=build /app /app
RUN npm prune --omit=dev --no-audit --no-fund
USER node
EXPOSE 3000
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
