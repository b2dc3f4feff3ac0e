import { InMemoryAuthGateway } from "@katale/domain/testing";
import { beforeEach, describe } from "vitest";
import { type AuthFixture, itBehavesLikeAnAuthGateway } from "./auth-behaviour.js";

// The domain's in-memory fake passes the same suite as the HTTP gateway on the real server.

describe("the in-memory auth gateway", () => {
  let fixture: AuthFixture;

  beforeEach(() => {
    const auth = new InMemoryAuthGateway();
    fixture = {
      auth,
      codeFor: async (email) => {
        const code = auth.codeFor(email);
        if (code === undefined) throw new Error(`no code was sent to ${email}`);
        return code;
      },
      limited: new InMemoryAuthGateway(),
    };
  });

  itBehavesLikeAnAuthGateway(() => fixture);
});
