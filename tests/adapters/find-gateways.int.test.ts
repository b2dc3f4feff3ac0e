import { FindHttpGateway, HttpClient } from "@katale/adapters-http";
import { type FindFixture, itBehavesLikeProductFinder } from "@katale/adapters-http/testing";
import { aSignedInUser, databaseKinds, startTestServer, type TestServer } from "@katale/server/testing";
import { fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe } from "vitest";

// The finding gateway (browse with facets, saved searches) over HTTP on the real server, with the
// demo catalogue.

describe.each(databaseKinds())("the finding gateway over HTTP (%s)", (kind) => {
  let server: TestServer;
  let fixture: FindFixture;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "demo" });
    const http = new HttpClient({ authUrl: server.authUrl, shopUrl: server.shopUrl }, undiciFetch);
    fixture = {
      finder: new FindHttpGateway(http),
      newUser: async () => ({ token: (await aSignedInUser(server)).key }),
    };
  });
  afterAll(() => server?.close());

  itBehavesLikeProductFinder(() => fixture);
});
