import { createHttpGateways } from "@katale/adapters-http";
import { devMailWire } from "@katale/adapters-http/contract";
import { type AuthFixture, itBehavesLikeAnAuthGateway } from "@katale/adapters-http/testing";
import { databaseKinds, startTestServer, type TestServer } from "@katale/server/testing";
import { fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe } from "vitest";

// The authentication gateway over HTTP on the real server passes the same behaviour suite as the
// domain's in-memory fake (packages/adapters-http/src/testing/auth-behaviour.test.ts). Codes come
// from the development mailbox (GET /dev/mail.json), as a user reads them from their e-mail.

const gatewayOf = (server: TestServer) =>
  createHttpGateways({ authUrl: server.authUrl, shopUrl: server.shopUrl, fetch: undiciFetch }).auth;

describe("the auth gateway over HTTP", () => {
  // Rate limits on, for the one test about them; the others use a server without (they send more
  // codes from one address than it allows).
  let limited: TestServer;

  beforeAll(async () => {
    limited = await startTestServer();
  });

  afterAll(async () => {
    await limited?.close();
  });

  describe.each(databaseKinds())("(%s)", (kind) => {
    let server: TestServer;
    let fixture: AuthFixture;

    beforeAll(async () => {
      server = await startTestServer({ database: kind, env: { AUTH_RATE_LIMITS: "off" } });
      fixture = {
        auth: gatewayOf(server),
        codeFor: async (email) => {
          const response = await undiciFetch(`${server.baseUrl}/dev/mail.json`);
          const mails = devMailWire.array().parse(await response.json());
          const code = mails.find((m) => m.to === email)?.text.match(/\b\d{5}\b/)?.[0];
          if (code === undefined) throw new Error(`no code was e-mailed to ${email}`);
          return code;
        },
        limited: gatewayOf(limited),
      };
    });

    afterAll(async () => {
      await server?.close();
    });

    itBehavesLikeAnAuthGateway(() => fixture);
  });
});
