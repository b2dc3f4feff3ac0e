import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import type { DatabaseHandle } from "../db/connect.js";
import { createMediaStore } from "../media/media-store.js";
import { connectMigratedPglite } from "../testing/pglite-templates.js";

describe("the error handler", () => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "katale-err-"));
    database = await connectMigratedPglite();
    app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }),
      database,
      media: createMediaStore(dataDir),
      webDir: join(dataDir, "none"),
      logger: false,
    });
    // A route that hands its input to PostgreSQL unchecked, as a future mistake might.
    app.get("/api/shop/echo/:text/", async (request) => {
      const { text } = request.params as { text: string };
      const { rows } = await sql<{ n: number }>`SELECT ${text}::int AS n`.execute(database.db);
      return { n: rows[0]?.n };
    });
    app.get("/api/shop/fail/", async () => {
      throw new Error("a bug");
    });
    app.get("/api/shop/refuse/:status/", async (request) => {
      const { status } = request.params as { status: string };
      throw Object.assign(new Error("Refused here"), { statusCode: Number(status) });
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("answers the database's refusals of bad input as a 400 invalid_input, not a 500", async () => {
    for (const text of ["99999999999", "%00"]) {
      const res = await app.inject({ url: `/api/shop/echo/${text}/` });
      expect(res.statusCode, text).toBe(400);
      expect(res.json()).toEqual({
        detail: "The request holds a value that cannot be stored or searched",
        code: "invalid_input",
      });
    }
    expect((await app.inject({ url: "/api/shop/echo/42/" })).json()).toEqual({ n: 42 });
  });

  it("answers input the route's schema refuses with a 400 invalid_input naming the field", async () => {
    const res = await app.inject({ url: "/api/shop/product/paginated/?page_size=abc" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: expect.stringMatching(/page_size/), code: "invalid_input" });
  });

  it("answers malformed JSON with a 400 invalid_input", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/shop/product/search/",
      headers: { "content-type": "application/json" },
      payload: "{ search_query: ",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: "Malformed JSON body", code: "invalid_input" });
  });

  it("answers a body over the limit with a 413 too_large", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/shop/product/search/",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ search_query: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: "Request body is too large", code: "too_large" });
  });

  it.each([
    [401, "not_authenticated"],
    [403, "forbidden"],
    [404, "not_found"],
    [409, "invalid_input"],
    [429, "rate_limited"],
  ])("gives a %i without a code of its own the code %s", async (status, code) => {
    const res = await app.inject({ url: `/api/shop/refuse/${status}/` });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ detail: "Refused here", code });
  });

  it("answers the router's own refusals (bad encoding, an overlong path parameter) in our body with a code", async () => {
    const badUrl = await app.inject({ url: "/api/shop/product/slug/%E0%A4%A/" });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ detail: "The address is not a valid URL", code: "invalid_input" });
    const longParam = await app.inject({ url: `/api/shop/product/slug/${"a".repeat(600)}/` });
    expect(longParam.statusCode).toBe(414);
    expect(longParam.json()).toEqual({ detail: "A part of the address is too long", code: "invalid_input" });
  });

  it("answers its own failures with a 500 server_error that says little", async () => {
    for (const url of ["/api/shop/fail/", "/api/shop/refuse/503/"]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(500);
      expect(res.json()).toEqual({ detail: "Server error, try again later", code: "server_error" });
    }
  });
});
