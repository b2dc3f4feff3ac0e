import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";
import type { RouteDeps } from "./route-deps.js";

export const VERSION = process.env.npm_package_version ?? "0.1.0";

const health = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["ok", "unreachable"]),
  version: z.string(),
  services: z.array(z.enum(["auth", "shop"])),
});

export const healthRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config }) => {
  app.get(
    "/api/health",
    {
      schema: {
        tags: ["health"],
        summary: "Liveness and database reachability",
        response: { 200: health, 503: health },
      },
    },
    async (request, reply) => {
      let database: "ok" | "unreachable" = "ok";
      try {
        await sql`select 1`.execute(db);
      } catch (err) {
        request.log.warn({ err }, "database unreachable");
        database = "unreachable";
      }
      const body = {
        status: database === "ok" ? "ok" : "unavailable",
        database,
        version: VERSION,
        services: config.services,
      } as const;
      return reply
        .code(database === "ok" ? 200 : 503)
        .header("cache-control", "no-store")
        .send(body);
    },
  );
};
