import { InMemoryAddressSuggestions } from "@katale/domain/testing";
import { describe } from "vitest";
import { itBehavesLikeAddressSuggestions } from "./address-suggestions-behaviour.js";

// The domain's in-memory fake passes the same suite as the HTTP gateway on the real server.

describe("the in-memory address suggestions", () => {
  itBehavesLikeAddressSuggestions(() => ({ addresses: new InMemoryAddressSuggestions() }));
});
