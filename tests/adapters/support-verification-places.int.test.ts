import { createHttpGateways, type HttpGateways } from "@katale/adapters-http";
import {
  itBehavesLikeAddressSuggestions,
  itBehavesLikeASupportGateway,
  itBehavesLikeAUserVerificationGateway,
  type SupportFixture,
} from "@katale/adapters-http/testing";
import { aFaq, aSignedInUser, databaseKinds, startTestServer, type TestServer } from "@katale/server/testing";
import { fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe } from "vitest";

// The support, user verification and address suggestion gateways over HTTP on the real server
// pass the same behaviour suites as the domain's in-memory fakes
// (packages/adapters-http/src/testing/{support,user-verification,address-suggestions}-behaviour.test.ts).
// One server per database for the three small suites.

describe.each(databaseKinds())("support, user verification and places over HTTP (%s)", (kind) => {
  let server: TestServer;
  let gateways: HttpGateways;
  let support: SupportFixture;

  beforeAll(async () => {
    server = await startTestServer({ database: kind });
    gateways = createHttpGateways({ authUrl: server.authUrl, shopUrl: server.shopUrl, fetch: undiciFetch });
    const faqs = [
      await aFaq(server.db, { question: "How do I pay?", answer: "Pay the shop directly.", position: 1 }),
      await aFaq(server.db, { question: "How do I sell?", answer: "Open a shop.", position: 2 }),
    ];
    support = { support: gateways.support, faqs };
  });

  afterAll(async () => {
    await server?.close();
  });

  describe("support", () => {
    itBehavesLikeASupportGateway(() => support);
  });

  describe("user verification", () => {
    itBehavesLikeAUserVerificationGateway(() => ({
      userVerification: gateways.userVerification,
      newUser: async () => {
        const user = await aSignedInUser(server);
        return { token: user.key, email: user.email, phone: user.phone };
      },
    }));
  });

  describe("address suggestions", () => {
    itBehavesLikeAddressSuggestions(() => ({ addresses: gateways.addresses }));
  });
});
