import { notificationText } from "@katale/domain";
import { InMemoryNotificationGateway } from "@katale/domain/testing";
import { beforeEach, describe } from "vitest";
import { itBehavesLikeANotificationGateway, type NotificationsFixture } from "./notifications-behaviour.js";

// The domain's in-memory inbox passes the same suite as the HTTP gateway on the real server.

describe("the in-memory notification gateway", () => {
  let fixture: NotificationsFixture;

  beforeEach(() => {
    const notifications = new InMemoryNotificationGateway();
    let users = 0;
    fixture = {
      notifications,
      newUser: async () => {
        users += 1;
        const token = `token-${users}`;
        notifications.addUser(token);
        return { token };
      },
      notify: async (user, shop) => {
        const facts = { kind: "new_follower", count: 1, subject: shop, detail: {} } as const;
        notifications.deliver(user.token, { kind: "new_follower", title: notificationText(facts).title });
      },
    };
  });

  itBehavesLikeANotificationGateway(() => fixture);
});
