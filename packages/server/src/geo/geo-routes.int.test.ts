import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../testing/test-server.js";

// GET geo/autocomplete/?text= on the shop service: the offline gazetteer, or Geoapify (here a local
// stand-in: tests use no network) when a key is configured, falling back to the gazetteer.

// These routes read no database, so one database kind (PGlite) is enough.
describe("address suggestions from the gazetteer", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: "none" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("answers features with formatted, lat and lon, best match first", async () => {
    const response = await fetch(`${server.shopUrl}geo/autocomplete/?text=${encodeURIComponent("Jinja")}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      features: { properties: { formatted: string; lat: number; lon: number } }[];
    };
    expect(body.features[0]).toEqual({
      properties: {
        formatted: "Jinja, Eastern Region, Uganda",
        lat: expect.closeTo(0.44, 1),
        lon: expect.closeTo(33.2, 1),
      },
    });
    expect(body.features.length).toBeLessThanOrEqual(8);
  });

  it("answers an empty list for unknown text and 400 for no text", async () => {
    const none = await fetch(`${server.shopUrl}geo/autocomplete/?text=qqqxyz`);
    expect(await none.json()).toEqual({ features: [] });
    const blank = await fetch(`${server.shopUrl}geo/autocomplete/?text=%20`);
    expect(blank.status).toBe(400);
    const refusal = (await blank.json()) as { detail: string; code: string };
    expect(refusal.detail).toMatch(/text/);
    expect(refusal.code).toBe("invalid_input");
    expect((await fetch(`${server.shopUrl}geo/autocomplete/`)).status).toBe(400);
  });

  it("answers 429 rate_limited with Retry-After once one address has asked 300 times in 5 minutes", async () => {
    // Each text differs: repeated reads are answered from the read cache, before the limit.
    let asked = 0;
    const ask = (remoteAddress = "10.7.7.7") =>
      server.app.inject({ url: `/api/shop/geo/autocomplete/?text=kampala${++asked}`, remoteAddress });
    for (let i = 0; i < 300; i++) expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail: "Too many attempts, please wait and try again",
      code: "rate_limited",
    });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await ask("10.7.7.8")).statusCode).toBe(200);
  });
});

describe("address suggestions from Geoapify", () => {
  let server: TestServer;
  let geoapify: Server;
  let mode: "ok" | "fail" = "ok";
  const asked: URL[] = [];

  beforeAll(async () => {
    geoapify = createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://127.0.0.1");
      asked.push(url);
      if (mode === "fail") {
        response.writeHead(500).end("{}");
        return;
      }
      response.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          type: "FeatureCollection",
          features: [
            {
              type: "Feature",
              properties: {
                formatted: "Acacia Avenue, Kampala, Uganda",
                lat: 0.3365,
                lon: 32.5889,
                country: "Uganda",
              },
            },
            { type: "Feature", properties: { formatted: "broken, no position" } },
          ],
        }),
      );
    });
    await new Promise<void>((resolve) => geoapify.listen(0, "127.0.0.1", resolve));
    const { port } = geoapify.address() as AddressInfo;
    server = await startTestServer({
      seed: "none",
      env: {
        GEOAPIFY_API_KEY: "test-geoapify-key",
        GEOAPIFY_URL: `http://127.0.0.1:${port}/v1/geocode/autocomplete`,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => geoapify?.close(resolve));
  });

  it("passes the text, the key and Uganda to Geoapify and keeps the usable features", async () => {
    const response = await fetch(`${server.shopUrl}geo/autocomplete/?text=acacia`);
    expect(await response.json()).toEqual({
      features: [{ properties: { formatted: "Acacia Avenue, Kampala, Uganda", lat: 0.3365, lon: 32.5889 } }],
    });
    const url = asked.at(-1)!;
    expect(url.pathname).toBe("/v1/geocode/autocomplete");
    expect(url.searchParams.get("text")).toBe("acacia");
    expect(url.searchParams.get("apiKey")).toBe("test-geoapify-key");
    expect(url.searchParams.get("filter")).toBe("countrycode:ug");
  });

  it("falls back to the gazetteer when Geoapify fails", async () => {
    mode = "fail";
    const response = await fetch(`${server.shopUrl}geo/autocomplete/?text=mbarara`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { features: { properties: { formatted: string } }[] };
    expect(body.features[0]!.properties.formatted).toBe("Mbarara, Western Region, Uganda");
  });
});
