import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { RouteDeps } from "./route-deps.js";

// The web app reads its runtime configuration here instead of baking it in at build time: the two
// service bases and the shared secret of the shop-id links (spec §5 calls it a client-side secret).
const appConfig = z.object({
  authUrl: z.string(),
  shopUrl: z.string(),
  shopIdSecret: z.string(),
});

export const appConfigRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { config }) => {
  app.get(
    "/app-config.json",
    {
      schema: {
        tags: ["health"],
        summary: "Runtime configuration of the web app",
        response: { 200: appConfig },
      },
    },
    async (_request, reply) =>
      reply.header("cache-control", "no-cache").send({
        authUrl: "/api/auth/",
        shopUrl: "/api/shop/",
        shopIdSecret: config.shopIdSecret,
      }),
  );
};
