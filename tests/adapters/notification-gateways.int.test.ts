import { createHttpGateways } from "@katale/adapters-http";
import { itBehavesLikeANotificationGateway, type NotificationsFixture } from "@katale/adapters-http/testing";
import { aSignedInUser, databaseKinds, startTestServer, type TestServer } from "@katale/server/testing";
import { sql } from "kysely";
import { fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe } from "vitest";

// The HTTP NotificationGateway on the real server passes the same behaviour suite as the domain's
// in-memory fake (packages/adapters-http/src/testing/notifications-behaviour.test.ts). Entries are
// written as the server's delivery writes them: a row of the user's inbox.

describe.each(databaseKinds())("the notification gateway over HTTP (%s)", (kind) => {
  let server: TestServer;
  let fixture: NotificationsFixture;
  const users = new Map<string, number>();

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    const { notifications } = createHttpGateways({
      authUrl: server.authUrl,
      shopUrl: server.shopUrl,
      fetch: undiciFetch,
    });
    fixture = {
      notifications,
      newUser: async () => {
        const user = await aSignedInUser(server);
        users.set(user.key, user.id);
        return { token: user.key };
      },
      notify: async (user, shop) => {
        await sql`INSERT INTO notifications (user_id, kind, subject, url)
          VALUES (${users.get(user.token)}, 'new_follower', ${shop}, '/account/admin-shop/x')`.execute(
          server.db,
        );
      },
    };
  });

  afterAll(async () => {
    await server?.close();
  });

  itBehavesLikeANotificationGateway(() => fixture);
});
