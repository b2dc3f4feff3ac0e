import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { ERROR_CODES } from "@katale/adapters-http/contract";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { Config } from "../config.js";
import { VERSION } from "./health-routes.js";

// The API reference at /api/docs (Swagger UI) and /api/docs/json (OpenAPI 3), generated from the
// routes' contract schemas. Registered before the routes: the generator collects them as they are added.

const OVERVIEW =
  "The authentication service (/api/auth/) and the shop service (/api/shop/) of Katale, paths as in the " +
  'product specification §7. Errors are {"detail": "..."} (or field errors {"field": ["..."]}); ' +
  "paginated lists are {count, next, previous, results} and a page past the end answers 404 " +
  '{"detail": "Invalid page."}. Authenticate with `Authorization: Token <key>` or `Bearer <key>`.';

/** Every error code with its meaning, as a markdown table (contract/error-codes.ts). */
export function errorCodesTable(): string {
  const rows = Object.entries(ERROR_CODES).map(([code, meaning]) => `| \`${code}\` | ${meaning} |`);
  return ["| code | meaning |", "| --- | --- |", ...rows].join("\n");
}

const ERRORS =
  "## Error codes\n\n" +
  "Every error answer carries a stable `code` beside the specification's body, e.g. " +
  '`{"detail": "Invalid old password", "code": "wrong_password"}`. Clients read the code; the words ' +
  "are for people and may change.\n\n" +
  errorCodesTable();

export async function registerApiDocs(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "Katale API", version: VERSION, description: `${OVERVIEW}\n\n${ERRORS}` },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: { token: { type: "apiKey", in: "header", name: "Authorization" } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });
}
