import type { Faq, Result, SupportGateway } from "@katale/domain";
import { expect, it } from "vitest";

// What the support gateway must do (spec §7 faqs/…), run against the domain's in-memory fake
// (support-behaviour.test.ts) and against the HTTP gateway on the real server
// (tests/adapters/support-verification-places.int.test.ts), so the fake cannot drift.

export interface SupportFixture {
  readonly support: SupportGateway;
  /** The questions the service holds, in display order (at least two). */
  readonly faqs: readonly Faq[];
}

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

/** The one place this suite reads an error's kind (the failure types are being renamed). */
function kindOf<T>(result: Result<T>): string {
  return result.ok ? "ok" : result.error.kind;
}

const feedback = { name: "Nakato", email: "nakato@example.ug", message: "Quick replies", stars: 9 };

export function itBehavesLikeASupportGateway(fixture: () => SupportFixture): void {
  it("lists the questions in display order", async () => {
    const { support, faqs } = fixture();
    const listed = value(await support.listFaqs());
    expect(listed.map(({ question, answer }) => ({ question, answer }))).toEqual(
      faqs.map(({ question, answer }) => ({ question, answer })),
    );
  });

  it("publishes feedback without the e-mail address; the newest is listed first", async () => {
    const { support } = fixture();
    const published = value(await support.sendFeedback(feedback));
    expect(published).toMatchObject({ name: "Nakato", message: "Quick replies", stars: 9 });
    const second = value(await support.sendFeedback({ ...feedback, message: "Second thoughts", stars: 0 }));
    expect(second.stars).toBe(0);
    const listed = value(await support.listFeedback());
    expect(listed.slice(0, 2).map((f) => [f.message, f.stars])).toEqual([
      ["Second thoughts", 0],
      ["Quick replies", 9],
    ]);
    expect(JSON.stringify(listed)).not.toContain("nakato@example.ug");
  });

  it("refuses feedback the form should not have sent as 'invalid', and stores none of it", async () => {
    const { support } = fixture();
    const before = value(await support.listFeedback()).length;
    for (const refused of [
      { ...feedback, name: "   " },
      { ...feedback, message: "" },
      { ...feedback, email: "nakato@" },
      { ...feedback, stars: 11 },
      { ...feedback, stars: 4.5 },
      { ...feedback, message: "x".repeat(4001) },
    ]) {
      const answer = await support.sendFeedback(refused);
      expect(kindOf(answer)).toBe("invalid");
      expect(!answer.ok && "message" in answer.error && answer.error.message).toBeTruthy();
    }
    expect(value(await support.listFeedback())).toHaveLength(before);
  });

  it("refuses a run of feedback from one sender, with words to show", async () => {
    const { support } = fixture();
    const answers = [];
    for (let i = 0; i < 7; i++)
      answers.push(await support.sendFeedback({ ...feedback, message: `note ${i}` }));
    const refused = answers.find((a) => !a.ok);
    expect(refused === undefined ? "ok" : kindOf(refused)).toBe("too-many-attempts");
    expect(refused !== undefined && !refused.ok && "message" in refused.error).toBe(true);
  });
}
