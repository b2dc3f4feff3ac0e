import { InMemoryUserVerificationGateway } from "@katale/domain/testing";
import { beforeEach, describe } from "vitest";
import {
  itBehavesLikeAUserVerificationGateway,
  type UserVerificationFixture,
} from "./user-verification-behaviour.js";

// The domain's in-memory fake passes the same suite as the HTTP gateway on the real server.

describe("the in-memory user verification gateway", () => {
  let fixture: UserVerificationFixture;

  beforeEach(() => {
    const tokens = new Set<string>();
    const userVerification = new InMemoryUserVerificationGateway(tokens);
    let n = 0;
    fixture = {
      userVerification,
      newUser: async () => {
        n += 1;
        tokens.add(`token-${n}`);
        return { token: `token-${n}`, email: `user${n}@example.ug`, phone: `07720000${n}` };
      },
    };
  });

  itBehavesLikeAUserVerificationGateway(() => fixture);
});
