import { aFaq, InMemorySupportGateway } from "@katale/domain/testing";
import { beforeEach, describe } from "vitest";
import { itBehavesLikeASupportGateway, type SupportFixture } from "./support-behaviour.js";

// The domain's in-memory fake passes the same suite as the HTTP gateway on the real server.

describe("the in-memory support gateway", () => {
  let fixture: SupportFixture;

  beforeEach(() => {
    const faqs = [aFaq({ question: "How do I pay?" }), aFaq({ question: "How do I sell?" })];
    fixture = { support: new InMemorySupportGateway(faqs), faqs };
  });

  itBehavesLikeASupportGateway(() => fixture);
});
