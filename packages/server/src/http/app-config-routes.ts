import { APP_CONFIG_PATH, type AppConfigWire, appConfigWire } from "@katale/adapters-http/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "../config.js";
import { REVALIDATE } from "./cache-control.js";
import type { RouteDeps } from "./route-deps.js";

/** The web app's runtime configuration (contract/app-config.ts): answered here, inlined into index.html. */
export function webAppConfig(config: Config): AppConfigWire {
  return { authUrl: "/api/auth/", shopUrl: "/api/shop/", shopIdSecret: config.shopIdSecret };
}

export const appConfigRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { config }) => {
  app.get(
    APP_CONFIG_PATH,
    {
      schema: {
        tags: ["health"],
        summary: "Runtime configuration of the web app",
        response: { 200: appConfigWire },
      },
    },
    async (_request, reply) => reply.header("cache-control", REVALIDATE).send(webAppConfig(config)),
  );
};
