import { InMemoryModerationGateway } from "@katale/domain/testing";
import { beforeEach, describe } from "vitest";
import { itBehavesLikeModerationGateways, type ModerationFixture } from "./moderation-behaviour.js";

// The domain's in-memory fake passes the same suite as the HTTP gateway on the real server.

describe("the in-memory moderation gateway", () => {
  let fixture: ModerationFixture;

  beforeEach(() => {
    const gateway = new InMemoryModerationGateway();
    let n = 0;
    fixture = {
      gateways: { reports: gateway, moderation: gateway },
      newUser: async (options) => {
        n += 1;
        const user = {
          id: 700 + n,
          token: `token-${n}`,
          name: `Tester ${n}`,
          isAdmin: options?.admin ?? false,
        };
        gateway.users.push(user);
        return user;
      },
      newProduct: async (owner) => {
        n += 1;
        gateway.targets.set(`product:${n}`, { title: `Product ${n}`, owners: [owner.id] });
        return n;
      },
    };
  });

  itBehavesLikeModerationGateways(() => fixture);
});
