import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { allCalls, type CallDef } from "@katale/adapters-http/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aSignedInUser } from "../testing/auth-helpers.js";
import { startTestServer, type TestServer } from "../testing/test-server.js";

// The API reference as a client generator or a fuzzer reads it: Redocly's linter with its
// recommended rules (redocly.yaml at the root says which are off and why), security on every guarded
// call, and the statuses the server really answers written down.

const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../../..");
const REDOCLY = join(ROOT, "node_modules/@redocly/cli/bin/cli.js");

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
}
type Paths = Record<string, Record<string, Operation>>;

/** `/api/shop/product/{id}/` with every parameter filled by a value its schema takes. */
const filled = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => (/id$/i.test(name) ? "1" : "x"));

describe("the API reference (/api/docs/json)", () => {
  let server: TestServer;
  let paths: Paths;
  let raw: string;
  const operations = () =>
    Object.entries(paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );

  beforeAll(async () => {
    // A public address as production has (a localhost server is a lint warning of its own).
    server = await startTestServer({ database: "pglite", env: { PUBLIC_URL: "https://katale.ug" } });
    const res = await fetch(`${server.baseUrl}/api/docs/json`);
    raw = await res.text();
    paths = (JSON.parse(raw) as { paths: Paths }).paths;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("passes `redocly lint` with the recommended rules: no error, no warning", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "katale-openapi-")), "openapi.json");
    writeFileSync(file, raw);
    const lint = await promisify(execFile)(
      process.execPath,
      [REDOCLY, "lint", file, "--config", join(ROOT, "redocly.yaml"), "--format=json", "--max-problems=50"],
      {
        cwd: ROOT,
        // Nothing leaves the machine: no usage reports, no update check.
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", CI: "true" },
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((failed: { stdout?: string }) => ({ stdout: failed.stdout ?? "" }));
    const report = JSON.parse(lint.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    const problems = report.problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    // The linter reads ~90 operations in a process of its own: room for a busy machine.
  }, 180_000);

  it("declares the token on every call the contract says needs one, and on no other", () => {
    const guarded = new Set<string>();
    for (const calls of Object.values(allCalls)) {
      for (const call of Object.values(calls as Record<string, CallDef>)) {
        // getshopsunderauser/{token}/ carries its token in the path, not in the header the scheme names.
        if (call.auth === "token" && !call.path.includes(":token"))
          guarded.add(`${call.method} /api/${call.service}/${call.path.replace(/:(\w+)/g, "{$1}")}`);
      }
    }
    const declared = operations()
      .filter(({ op }) => JSON.stringify(op.security) === JSON.stringify([{ token: [] }]))
      .map(({ method, path }) => `${method} ${path}`);
    expect(declared.sort()).toEqual([...guarded].sort());
    for (const { method, path, op } of operations()) {
      expect(op.security, `${method} ${path}`).toBeDefined();
      expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]+$/);
    }
  });

  it("answers a visitor on every guarded read and delete with the 401 it documents", async () => {
    const guarded = operations().filter(
      ({ method, op }) => op.security?.length && (method === "GET" || method === "DELETE"),
    );
    expect(guarded.length).toBeGreaterThan(10);
    for (const { method, path, op } of guarded) {
      const res = await fetch(`${server.baseUrl}${filled(path)}`, { method });
      const body = (await res.json()) as { code: string };
      expect(`${method} ${path} ${res.status} ${body.code}`).toBe(`${method} ${path} 401 not_authenticated`);
      expect(op.responses, `${method} ${path}`).toHaveProperty("401");
    }
  });

  it("documents the trust and safety calls: reports, moderation, the audit log and chat blocking", () => {
    const documented = operations().map(({ method, path }) => `${method} ${path}`);
    expect(documented).toEqual(
      expect.arrayContaining([
        "POST /api/shop/reports/",
        "GET /api/shop/reports/",
        "POST /api/shop/reports/{id}/resolve/",
        "POST /api/shop/moderation/restore/",
        "GET /api/shop/admin/audit/",
        "POST /api/shop/chat/room/{slug}/block/",
        "DELETE /api/shop/chat/room/{slug}/block/",
        "GET /api/shop/chat/blocked/",
      ]),
    );
    for (const code of ["already_reported", "too_many_reports", "own_target", "blocked", "account_suspended"])
      expect(raw, code).toContain(code);
  });

  it("answers a signed-in user on an admin call with the 403 it documents", async () => {
    const user = await aSignedInUser(server);
    const res = await fetch(`${server.shopUrl}verification/requests/`, {
      headers: { authorization: `Token ${user.key}` },
    });
    expect(res.status).toBe(403);
    expect(paths["/api/shop/verification/requests/"]?.get?.responses).toHaveProperty("403");
  });

  it("documents the refusals every route of a kind can meet: 413, 414, 431, 503", async () => {
    const search = paths["/api/shop/product/search/"]?.post;
    const tooBig = await fetch(`${server.shopUrl}product/search/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ search_query: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(tooBig.status).toBe(413);
    expect(search?.responses).toHaveProperty("413");

    const bySlug = paths["/api/shop/product/slug/{slug}/"]?.get;
    const longParam = await fetch(`${server.shopUrl}product/slug/${"x".repeat(600)}/`);
    expect(longParam.status).toBe(414);
    expect(bySlug?.responses).toHaveProperty("414");

    const headers = await fetch(`${server.shopUrl}category/`, {
      headers: { "x-filler": "x".repeat(20_000) },
    });
    expect(headers.status).toBe(431);
    for (const { method, path, op } of operations()) {
      expect(op.responses, `${method} ${path}`).toHaveProperty("431");
      if (path.startsWith("/api/")) expect(op.responses, `${method} ${path}`).toHaveProperty("503");
    }
  });

  it("documents a number field as a number or its text, as the server takes both", async () => {
    const feedback = (stars: unknown) =>
      fetch(`${server.shopUrl}faqs/feedback/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Amina", email: "amina@example.ug", message: "Great market", stars }),
      });
    expect((await feedback("8")).status).toBe(201);
    expect((await feedback(8)).status).toBe(201);
    expect((await feedback("eight")).status).toBe(400);
    const body = (path: string, type: string) =>
      (paths[path]?.post as unknown as BodyOf | undefined)?.requestBody.content[type]?.schema;
    expect(body("/api/shop/faqs/feedback/", "application/json")?.properties.stars).toMatchObject({
      anyOf: [{ type: "integer", maximum: 10 }, { type: "string" }],
    });
    expect(body("/api/shop/shop/follow/", "application/json")?.properties.shop_id).toMatchObject({
      anyOf: [{ type: "integer" }, { type: "string", pattern: "^\\d{1,10}$" }],
    });
    // A multipart call takes a form (files as binary parts) or the same fields as JSON.
    const product = paths["/api/shop/product/"]?.post as unknown as BodyOf | undefined;
    expect(Object.keys(product?.requestBody.content ?? {})).toEqual([
      "multipart/form-data",
      "application/json",
    ]);
    expect(body("/api/shop/product/", "multipart/form-data")).toMatchObject({
      properties: { price: { anyOf: [{ type: "integer" }, { type: "string" }] } },
      additionalProperties: { type: "string", format: "binary" },
    });
  });
});

type BodyOf = {
  requestBody: {
    content: Record<string, { schema: Record<string, unknown> & { properties: Record<string, unknown> } }>;
  };
};
