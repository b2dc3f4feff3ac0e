import { describe, expect, it } from "vitest";
import { InMemorySupportGateway } from "../testing/in-memory-support-gateway.js";
import { submitFeedback } from "./feedback-form.js";

const form = { name: "Amina", email: "amina@example.ug", message: "Easy to use", stars: 3.5 };

describe("leave feedback", () => {
  it("sends the stars doubled", async () => {
    const support = new InMemorySupportGateway();
    const sent = await submitFeedback(support, form);
    expect(sent).toEqual({ ok: true, value: { name: "Amina", message: "Easy to use", stars: 7 } });
    expect(support.feedback).toHaveLength(1);
  });

  it.each([{ name: " " }, { email: "not-an-email" }, { message: "" }, { stars: 5.5 }, { stars: 2.25 }])(
    "refuses %j without sending",
    async (change) => {
      const support = new InMemorySupportGateway();
      const sent = await submitFeedback(support, { ...form, ...change });
      expect(sent).toEqual({
        ok: false,
        error: { kind: "invalid", message: "Failed to add feedback. Please try again." },
      });
      expect(support.feedback).toEqual([]);
    },
  );

  it("reports the service's failure", async () => {
    const support = new InMemorySupportGateway();
    support.failures.set("sendFeedback", { kind: "network" });
    expect(await submitFeedback(support, form)).toEqual({ ok: false, error: { kind: "network" } });
  });
});
