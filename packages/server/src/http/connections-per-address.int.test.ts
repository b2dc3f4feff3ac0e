import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FromAddress } from "../testing/from-address.js";
import { startTestServer, type TestServer } from "../testing/test-server.js";

// One address that opens connections and never finishes its requests (a slowloris) holds at most
// HTTP_MAX_CONNECTIONS_PER_ADDRESS of them: another client, from another address, is still served.
// Real sockets: the attacker from 127.0.0.1, the other client from 127.0.0.2.

const TOTAL = 200;
const PER_ADDRESS = 64;

/** A connection from `localAddress` that sends half a request and never the rest. */
function halfSent(port: number, localAddress: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1", localAddress }, () => {
      socket.write("GET /api/health/ HTTP/1.1\r\nHost: localhost\r\nX-Never-Ends: ");
      resolve(socket);
    });
    socket.once("error", reject);
  });
}

describe("connections per address", () => {
  let server: TestServer;
  let other: FromAddress;
  const held: Socket[] = [];

  beforeAll(async () => {
    server = await startTestServer({
      env: { HTTP_MAX_CONNECTIONS: String(TOTAL), HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS) },
    });
    other = new FromAddress("127.0.0.2");
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    other?.close();
    await server?.close();
  });

  it("keeps one address to its share of the connections and serves another address", async () => {
    const port = Number(new URL(server.baseUrl).port);
    let closed = 0;
    let allRefused: () => void = () => {};
    const refused = new Promise<void>((resolve) => {
      allRefused = resolve;
    });
    const attempts = TOTAL + 10;
    for (let i = 0; i < attempts; i++) {
      const socket = await halfSent(port, "127.0.0.1");
      socket.on("error", () => {});
      socket.on("close", () => {
        if (++closed === attempts - PER_ADDRESS) allRefused();
      });
      held.push(socket);
    }
    // Every connection the attacker may hold is taken; the other client is still answered.
    const answer = await other.send(`${server.baseUrl}/api/health/`);
    expect(answer.status).toBe(200);
    // The attacker's connections past its share were closed at once; its share is still open.
    await refused;
    expect(held.filter((s) => !s.destroyed && !s.closed)).toHaveLength(PER_ADDRESS);
    expect(PER_ADDRESS / TOTAL).toBeLessThan(0.5);
  });

  it("takes the address's connections again as its open ones close", async () => {
    const port = Number(new URL(server.baseUrl).port);
    for (const socket of held.splice(0)) socket.destroy();
    const attacker = new FromAddress("127.0.0.1");
    try {
      // Closing is seen by the server a moment later: wait for the answer a person would retry for.
      let status = 0;
      while (status !== 200) {
        status = await attacker.send(`${server.baseUrl}/api/health/`).then(
          (a) => a.status,
          () => 0,
        );
      }
      expect(status).toBe(200);
      held.push(await halfSent(port, "127.0.0.1"));
    } finally {
      attacker.close();
    }
  });
});
