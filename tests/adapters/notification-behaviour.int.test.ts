import {
  createHttpGateways,
  NotificationSocketConnector,
  type WebSocketConstructor,
} from "@katale/adapters-http";
import { itBehavesLikeNotificationPorts, type NotificationFixture } from "@katale/adapters-http/testing";
import {
  aShop,
  aSignedInUser,
  databaseKinds,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
import { fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe } from "vitest";
import { WebSocket } from "ws";

// The notifications' HTTP gateway and WebSocket connector on the real server pass the same behaviour
// suite as the domain's in-memory fake (packages/adapters-http/src/testing/notification-behaviour.test.ts).

describe.each(databaseKinds())("the notification adapters over HTTP and WebSocket (%s)", (kind) => {
  let server: TestServer;
  let fixture: NotificationFixture;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    const { notifications, follows } = createHttpGateways({
      authUrl: server.authUrl,
      shopUrl: server.shopUrl,
      fetch: undiciFetch,
    });
    const sockets = new NotificationSocketConnector(
      server.shopUrl,
      WebSocket as unknown as WebSocketConstructor,
    );
    const users = new Map<string, number>();
    const shops = new Map<string, number>();
    fixture = {
      notifications,
      sockets,
      newUser: async () => {
        const user = await aSignedInUser(server);
        users.set(user.key, user.id);
        return user.key;
      },
      // A new user follows the user's shop (made on the first call).
      followed: async (token) => {
        let shopId = shops.get(token);
        if (shopId === undefined) {
          shopId = (await aShop(server.db, { owner_id: users.get(token)! })).id;
          shops.set(token, shopId);
        }
        const follower = await aSignedInUser(server);
        const answer = await follows.follow(follower.key, shopId);
        if (!answer.ok) throw new Error(JSON.stringify(answer.error));
      },
      pushEndpoints: async (token) =>
        (
          await server.db
            .selectFrom("push_subscriptions")
            .select("endpoint")
            .where("user_id", "=", users.get(token)!)
            .execute()
        ).map((row) => row.endpoint),
    };
  });

  afterAll(async () => {
    await server?.close();
  });

  itBehavesLikeNotificationPorts(() => fixture);
});
