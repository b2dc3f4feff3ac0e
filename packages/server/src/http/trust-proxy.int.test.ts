import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEEDBACK_PER_WINDOW } from "../support/support-routes.js";
import { startTestServer, type TestServer } from "../testing/test-server.js";

// Behind a reverse proxy the client is the address the proxy saw, i.e. the X-Forwarded-For entry
// that many hops from the right; a client who writes its own X-Forwarded-For cannot pose as anyone.
// Seen through the per-address feedback allowance.

describe.each(["1", "true", "127.0.0.1", "loopback, 10.0.0.0/8"])("TRUST_PROXY=%s", (trust) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: trust } });
  });
  afterAll(async () => {
    await server?.close();
  });

  const feedback = (forwardedFor: string) =>
    fetch(`${server.shopUrl}faqs/feedback/`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
      body: JSON.stringify({ message: "Great market", name: "Okello", email: "okello@example.ug", stars: 8 }),
    });

  it("counts the address the proxy saw, not the left-most one the client wrote", async () => {
    // One client (1.2.3.4) writing a new X-Forwarded-For of its own every time.
    for (let i = 0; i < FEEDBACK_PER_WINDOW; i++) {
      expect((await feedback(`6.6.6.${i}, 1.2.3.4`)).status).toBe(201);
    }
    expect((await feedback("7.7.7.7, 1.2.3.4")).status).toBe(429);
    expect((await feedback("1.2.3.4")).status).toBe(429);
    // Another client behind the same proxy, whatever it writes.
    expect((await feedback("1.2.3.4, 5.5.5.5")).status).toBe(201);
  });
});

describe("TRUST_PROXY=false", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: "false" } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("ignores X-Forwarded-For: every request is the socket's address", async () => {
    const send = (forwardedFor: string) =>
      fetch(`${server.shopUrl}faqs/feedback/`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
        body: JSON.stringify({ message: "Hello", name: "Akello", email: "akello@example.ug", stars: 6 }),
      });
    for (let i = 0; i < FEEDBACK_PER_WINDOW; i++) expect((await send(`9.9.9.${i}`)).status).toBe(201);
    expect((await send("8.8.8.8")).status).toBe(429);
  });
});

describe("client addresses behind a proxy (TRUST_PROXY=loopback)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: "loopback" } });
  });
  afterAll(async () => {
    await server?.close();
  });

  const feedback = (client: string) =>
    fetch(`${server.shopUrl}faqs/feedback/`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": client },
      body: JSON.stringify({
        message: "Fresh matooke",
        name: "Nakato",
        email: "nakato@example.ug",
        stars: 9,
      }),
    });

  it("counts an IPv6 client by its /64: two addresses of one /64 share an allowance", async () => {
    // One phone changing its address within its /64 at every request.
    for (let i = 0; i < FEEDBACK_PER_WINDOW; i++) {
      expect((await feedback(`2001:db8:77:1::${i + 1}`)).status).toBe(201);
    }
    expect((await feedback("2001:db8:77:1:abcd:ef01:2345:6789")).status).toBe(429);
    // The neighbouring /64 is another client.
    expect((await feedback("2001:db8:77:2::1")).status).toBe(201);
  });

  it("counts an IPv4-mapped IPv6 address as the IPv4 client", async () => {
    for (let i = 0; i < FEEDBACK_PER_WINDOW; i++) expect((await feedback("203.0.113.77")).status).toBe(201);
    expect((await feedback("::ffff:203.0.113.77")).status).toBe(429);
    expect((await feedback("203.0.113.78")).status).toBe(201);
  });
});
