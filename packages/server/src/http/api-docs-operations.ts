import { allCalls, type CallDef } from "@katale/adapters-http/contract";
import type { RouteOptions } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { authRequirementOf } from "../auth/authenticate.js";

// What every operation of the API reference says, worked out once from the route instead of written
// on each (http/api-docs.ts installs both functions). Only the reference changes: validation and
// serialisation still use the routes' own schemas.
// - `security`: the `token` scheme on a route guarded by requireUser/requireAdmin (its preHandler,
//   auth/authenticate.ts), none on the others. A new route gets it by using those guards.
// - `operationId`: the contract call's area and name (`productsCreate`), else method and path.
// - The errors any route of its kind can answer, beside the route's own (components/responses):
//   401 (guarded), 403 (admins only), 400 (a path, query or body to read), 413 (a body), 414 (a
//   path parameter), 431 (headers, any route), 503 (the database or image queue away, /api/ routes).
// - A multipart call (contract `encoding: "multipart"`) takes multipart/form-data or JSON.

type Transform = typeof jsonSchemaTransform;
type TransformInput = Parameters<Transform>[0] & { route?: RouteOptions };
type Schema = Record<string, unknown>;

/** Where the common errors of an operation wait between the transforms (removed from the result). */
const ERRORS_KEY = "x-katale-errors";
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const FILE_FIELD = "file (multipart)";

const errorBody = {
  type: "object",
  properties: {
    detail: { type: "string", description: "for people; may change" },
    code: { type: "string", description: "stable; the table in the overview says what each means" },
  },
  required: ["code"],
  additionalProperties: { type: "array", items: { type: "string" }, description: "a field's errors" },
};
const retryAfter = { "Retry-After": { description: "seconds to wait", schema: { type: "integer" } } };
const answer = (description: string, headers?: object) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/** The shared error answers, by status. */
export const COMMON_RESPONSES = {
  400: [
    "InvalidInput",
    answer("A URL, query or body that cannot be read or fails validation (`invalid_input`)"),
  ],
  401: [
    "NotAuthenticated",
    answer("No token (`not_authenticated`) or one that is unknown, revoked or expired (`invalid_token`)"),
  ],
  403: ["Forbidden", answer("Signed in, but the call is for admins (`forbidden`)")],
  413: ["TooLarge", answer("A body over its limit: 1 MiB of JSON, 10 MB a file (`too_large`)")],
  414: ["UriTooLong", answer("A path parameter over 500 characters (`invalid_input`)")],
  431: ["HeadersTooLarge", answer("Request headers over the server's limit (`too_large`)")],
  503: [
    "Unavailable",
    answer(
      "The database is away (`database_unavailable`), or the image queue is full (`unavailable`): try again after Retry-After",
      retryAfter,
    ),
  ],
} as const;
type CommonStatus = keyof typeof COMMON_RESPONSES;

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

let contractCalls: Map<string, { id: string; call: CallDef }> | undefined;
/** The contract's calls by `METHOD /api/service/path` (the route's own URL). */
function callsByRoute() {
  if (contractCalls) return contractCalls;
  contractCalls = new Map();
  for (const [area, calls] of Object.entries(allCalls)) {
    for (const [name, call] of Object.entries(calls as Record<string, CallDef>)) {
      contractCalls.set(`${call.method} /api/${call.service}/${call.path}`, {
        id: `${area}${capitalise(name)}`,
        call,
      });
    }
  }
  return contractCalls;
}

/** `GET /dev/mail.json` -> `getDevMailJson`; `:id` -> `ById`. */
function operationIdFromPath(method: string, url: string): string {
  const words = url
    .split("/")
    .filter(Boolean)
    .flatMap((part) => (part.startsWith(":") ? ["by", part.slice(1)] : part.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return method.toLowerCase() + words.map(capitalise).join("");
}

function commonErrors(method: string, url: string, schema: Schema, route: RouteOptions): CommonStatus[] {
  const statuses: CommonStatus[] = [];
  const requirement = authRequirementOf(route.preHandler);
  const hasParams = url.includes(":");
  if (hasParams || schema.querystring || schema.body || BODY_METHODS.has(method)) statuses.push(400);
  if (requirement) statuses.push(401);
  if (requirement === "admin") statuses.push(403);
  if (BODY_METHODS.has(method)) statuses.push(413);
  if (hasParams) statuses.push(414);
  statuses.push(431);
  if (url.startsWith("/api/")) statuses.push(503);
  return statuses;
}

/** The generator's per-route transform: the zod schemas to JSON Schema, then the conventions above. */
export function transformOperation(input: TransformInput): ReturnType<Transform> {
  const result = jsonSchemaTransform(input);
  const route = input.route;
  const schema = result.schema as Schema | undefined;
  if (!schema || schema.hide || !route || typeof route.method !== "string") return result;
  const method = route.method.toUpperCase();
  const url = route.url ?? input.url;
  const known = callsByRoute().get(`${method} ${url}`);
  const requirement = authRequirementOf(route.preHandler);
  const documented: Schema = {
    ...schema,
    operationId: schema.operationId ?? known?.id ?? operationIdFromPath(method, url),
    security: schema.security ?? (requirement ? [{ token: [] }] : []),
    [ERRORS_KEY]: commonErrors(method, url, input.schema as Schema, route),
  };
  if (known?.call.encoding === "multipart" && !schema.consumes) {
    documented.consumes = ["multipart/form-data", "application/json"];
  }
  return { ...result, schema: documented } as ReturnType<Transform>;
}

/**
 * A repeatable query parameter (one value, or the parameter repeated) comes out of the generator as
 * an `anyOf` of the array alone: the array is what it means (OpenAPI's form style takes `v=3` and
 * `v=3&v=9` alike), so it is said directly.
 */
function singleAnyOf(schema: Schema | undefined): Schema | undefined {
  const anyOf = schema?.anyOf as Schema[] | undefined;
  if (!schema || !anyOf || anyOf.length !== 1) return schema;
  const { anyOf: _, ...rest } = schema;
  return { ...rest, ...anyOf[0] };
}

/** In a multipart body a file field is binary; in its JSON twin it stays as the contract says. */
function binaryFiles(schema: Schema | undefined): Schema | undefined {
  if (!schema || typeof schema !== "object") return schema;
  const file = (s: unknown) =>
    (s as Schema | undefined)?.description === FILE_FIELD
      ? { ...(s as Schema), type: "string", format: "binary" }
      : s;
  const properties = schema.properties as Record<string, Schema> | undefined;
  return {
    ...schema,
    ...(properties
      ? { properties: Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, file(v)])) }
      : {}),
    ...(schema.additionalProperties ? { additionalProperties: file(schema.additionalProperties) } : {}),
  };
}

type Operation = Schema & {
  responses: Record<string, unknown>;
  requestBody?: { content: Record<string, { schema?: Schema }> };
};
type Document = Schema & { paths: Record<string, Record<string, Operation>>; components?: Schema };

/** The generator's whole-document transform: the shared answers, referenced from each operation. */
export function transformDocument(input: object): never {
  const doc = (input as { openapiObject: Document }).openapiObject;
  const used: Record<string, unknown> = {};
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const statuses = (operation[ERRORS_KEY] as CommonStatus[] | undefined) ?? [];
      delete operation[ERRORS_KEY];
      for (const status of statuses) {
        if (operation.responses[status]) continue;
        const [name, response] = COMMON_RESPONSES[status];
        used[name] = response;
        operation.responses[status] = { $ref: `#/components/responses/${name}` };
      }
      const multipart = operation.requestBody?.content["multipart/form-data"];
      if (multipart) multipart.schema = binaryFiles(multipart.schema);
      for (const parameter of (operation.parameters as Schema[] | undefined) ?? []) {
        parameter.schema = singleAnyOf(parameter.schema as Schema | undefined);
      }
    }
  }
  doc.components = {
    ...doc.components,
    schemas: { ...(doc.components?.schemas as object), Error: errorBody },
    responses: { ...(doc.components?.responses as object), ...used },
  };
  return doc as never;
}
