import { InMemoryNotifications } from "@katale/domain/testing";
import { beforeEach, describe } from "vitest";
import { itBehavesLikeNotificationPorts, type NotificationFixture } from "./notification-behaviour.js";

// The domain's in-memory notifications pass the same suite as the HTTP gateway and the socket
// connector on the real server (tests/adapters/notification-behaviour.int.test.ts).

describe("the in-memory notifications", () => {
  let fixture: NotificationFixture;

  beforeEach(() => {
    const fake = new InMemoryNotifications();
    let users = 0;
    const followers = new Map<string, number>();
    fixture = {
      notifications: fake,
      sockets: fake,
      newUser: async () => {
        const token = `token-${++users}`;
        fake.addUser(token);
        return token;
      },
      followed: async (token) => {
        const count = (followers.get(token) ?? 0) + 1;
        followers.set(token, count);
        fake.tell(token, {
          kind: "new_follower",
          title: count === 1 ? "Shop has a new follower" : `Shop has ${count} new followers`,
          foldKey: "followers",
        });
      },
      pushEndpoints: async (token) => fake.pushEndpoints(token),
    };
  });

  itBehavesLikeNotificationPorts(() => fixture);
});
