import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../testing/test-server.js";

// A phone on a slow network gets its configured time; a client that stalls or trickles is dropped
// when that time is up, with the usual error body, and the connections held at once are bounded.

/** Everything the server sends on a socket until it closes it, or null if still open after `waitMs`. */
function untilClosed(socket: Socket, waitMs = 15_000): Promise<{ text: string; afterMs: number } | null> {
  const started = Date.now();
  return new Promise((resolve) => {
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString();
    });
    socket.on("error", () => {});
    const timer = setTimeout(() => resolve(null), waitMs);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ text, afterMs: Date.now() - started });
    });
  });
}

function open(server: TestServer): Promise<Socket> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => resolve(socket));
    socket.once("error", reject);
  });
}

const TIMED_OUT = {
  detail: "The request took too long to arrive; please try again",
  code: "request_timeout",
};

function bodyOf(text: string): unknown {
  return JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4));
}

describe("slow clients", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: {
        HTTP_HEADERS_TIMEOUT_SECONDS: "1",
        HTTP_REQUEST_TIMEOUT_SECONDS: "2",
        HTTP_IDLE_TIMEOUT_SECONDS: "30",
      },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("closes a connection whose body stops coming, answering 408 request_timeout", async () => {
    const sockets = await Promise.all([1, 2, 3, 4, 5].map(() => open(server)));
    const closed = sockets.map((socket) => untilClosed(socket));
    for (const socket of sockets) {
      socket.write(
        "POST /api/auth/login/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
          'Content-Length: 200\r\n\r\n{"username": "a',
      );
    }
    for (const result of await Promise.all(closed)) {
      expect(result, "the connection is still open after 15 s").not.toBeNull();
      expect(result!.text).toMatch(/^HTTP\/1\.1 408 /);
      expect(bodyOf(result!.text)).toEqual(TIMED_OUT);
    }
  });

  it("closes a connection that trickles its body a byte at a time", async () => {
    const socket = await open(server);
    const closed = untilClosed(socket);
    socket.write(
      "POST /api/shop/product/search/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
        "Content-Length: 100000\r\n\r\n",
    );
    const trickle = setInterval(() => socket.writable && socket.write(" "), 200);
    const result = await closed;
    clearInterval(trickle);
    expect(result, "the connection is still open after 15 s").not.toBeNull();
    expect(bodyOf(result!.text)).toEqual(TIMED_OUT);
  });

  it("closes a connection whose headers never end", async () => {
    const socket = await open(server);
    const closed = untilClosed(socket);
    socket.write("GET /api/shop/product/ HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
    const result = await closed;
    expect(result, "the connection is still open after 15 s").not.toBeNull();
    expect(bodyOf(result!.text)).toEqual(TIMED_OUT);
  });

  it("answers what node's HTTP parser refuses in the usual error body, never echoing the request", async () => {
    const cases: [string, number, unknown][] = [
      [
        `GET /api/shop/product/?q=${"secret".repeat(4000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
        431,
        { detail: "The request's address or headers are too large", code: "too_large" },
      ],
      [
        `GET /api/shop/product/ HTTP/1.1\r\nHost: localhost\r\nX-Big: ${"y".repeat(20_000)}\r\n\r\n`,
        431,
        { detail: "The request's address or headers are too large", code: "too_large" },
      ],
      [
        "GET /api/shop/pro duct/?token=secret HTTP/1.1\r\nHost: localhost\r\n\r\n",
        400,
        { detail: "The request could not be read", code: "invalid_input" },
      ],
    ];
    for (const [request, status, body] of cases) {
      const socket = await open(server);
      const closed = untilClosed(socket);
      socket.write(request);
      const result = await closed;
      expect(result?.text).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(result?.text).toMatch(/content-type: application\/json/i);
      expect(bodyOf(result!.text)).toEqual(body);
      expect(result?.text).not.toContain("secret");
    }
  });

  it("still serves a request that arrives in time", async () => {
    const res = await fetch(`${server.shopUrl}product/search/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ search_query: "anything" }),
    });
    expect(res.status).toBe(200);
  });
});

describe("the connection limit", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { HTTP_MAX_CONNECTIONS: "2" } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses connections over HTTP_MAX_CONNECTIONS and takes them again when one closes", async () => {
    const held = [await open(server), await open(server)];
    const third = await open(server);
    const refused = untilClosed(third);
    third.write("GET /api/health/ HTTP/1.1\r\nHost: localhost\r\n\r\n");
    const result = await refused;
    expect(result, "the third connection was not refused").not.toBeNull();
    expect(result!.text).toBe("");

    const closing = untilClosed(held[0]!);
    held[0]!.end();
    await closing;
    const fourth = await open(server);
    const answered = untilClosed(fourth);
    fourth.write("GET /api/health/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    expect((await answered)?.text).toMatch(/^HTTP\/1\.1 200 /);
    held[1]!.destroy();
  });
});
