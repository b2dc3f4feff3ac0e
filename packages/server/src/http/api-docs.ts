import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { ERROR_CODES } from "@katale/adapters-http/contract";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.js";
import { transformDocument, transformOperation } from "./api-docs-operations.js";
import { VERSION } from "./health-routes.js";
import { documentIdempotencyKey } from "./idempotency.js";

// The API reference at /api/docs (Swagger UI) and /api/docs/json (OpenAPI 3), generated from the
// routes' contract schemas. Registered before the routes: the generator collects them as they are added.
// Security, operation ids and the errors common to a kind of route are added by api-docs-operations.ts.

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

const ADMINS =
  "## Admins\n\n" +
  "Admins are users with the admin role: the account of `KATALE_ADMIN_EMAIL`, the development admin, and " +
  "whoever an admin grants the role to (`POST users/admin/ {email}`; `DELETE users/admin/ {email}` takes it, " +
  "never one's own). `users/me/` answers `is_admin`. Every admin call answers 401 to a visitor and 403 to a " +
  "signed-in user who is not an admin. Catalogue writes (`category/...`) keep names unique within their " +
  "parent whatever their case (409 `category_exists` / `filter_exists`) and refuse to delete a category " +
  "or sub category that still holds products (409 `category_in_use`, saying how many). How many that is can " +
  "be asked first: `GET category/{id}/product-count/` and `GET category/subcategory/{id}/product-count/` " +
  "answer `{products}`, counting products in and out of stock and hidden ones, as a delete does.\n\n" +
  "The verification review (`verification/requests/`, shop service) lists users' and shops' requests " +
  "together; an id names one request whatever its kind. Documents are private files read with an " +
  "admin's token at `verification/requests/{id}/documents/{name}`, never under `/media/`. Decisions move " +
  "the request and the applicant's `verification_status` together: approve PENDING -> VERIFIED, reject " +
  "{reason} PENDING -> REJECTED, revoke {reason} VERIFIED -> REJECTED (409 `verification_decided` " +
  "otherwise). Each decision is e-mailed to the applicant, who may apply again after a rejection or " +
  "revocation.";

const FINDING =
  "## Finding products\n\n" +
  "`GET product/browse/` narrows the whole catalogue (category, subcategory, q, value, price_min, price_max, " +
  "district, near with radius_km, verified=1, in_stock=1), sorts it and pages it (page_size at most 48), and " +
  "answers facets beside the page. Values of one filter are OR'ed and different filters AND'ed. Each facet " +
  "counts with every other narrowing but its own: choosing the value Papyrus still counts Raffia. A wrong " +
  "parameter answers 400 naming it. Products carry at most one value of each filter of their sub category " +
  "(`filter_values` on `POST`/`PATCH product/`, a JSON array of ids; 400 `invalid_filter_value` otherwise) " +
  "and product pages answer them as `filters`. Shops answer the `district` their location lies in. " +
  "`saved-search/` keeps up to 20 browse query strings per user (400 `too_many_saved_searches`); another " +
  "user's saved search answers 404.";

export async function registerApiDocs(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Katale API",
        version: VERSION,
        description: `${OVERVIEW}\n\n${ADMINS}\n\n${FINDING}\n\n${ERRORS}`,
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          token: {
            type: "apiKey",
            in: "header",
            name: "Authorization",
            description: "`Token <key>` or `Bearer <key>`, the key that login answers",
          },
        },
      },
    },
    transform: (input) => {
      const out = transformOperation(input);
      const schema = documentIdempotencyKey(
        out.schema as Record<string, unknown>,
        input.route.method,
        input.url,
      );
      return { ...out, schema };
    },
    transformObject: transformDocument,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs" });
}
