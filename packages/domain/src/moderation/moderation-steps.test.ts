import { describe, expect, it } from "vitest";
import { InMemoryModerationGateway } from "../testing/in-memory-moderation.js";
import { InMemoryStorage } from "../testing/in-memory-storage.js";
import { failureOf, successOf } from "../testing/results.js";
import { listReports, readAudit, resolveReport, restoreTarget, sendReport } from "./moderation-steps.js";

// The steps of trust and safety over the in-memory gateway: what is checked before sending, what is
// sent, and the words each outcome shows.

function setUp(token: string | null = "t-shopper") {
  const gateway = new InMemoryModerationGateway();
  gateway.users.push(
    { token: "t-shopper", id: 1, name: "Shopper", isAdmin: false },
    { token: "t-owner", id: 2, name: "Owner", isAdmin: false },
    { token: "t-admin", id: 3, name: "Admin", isAdmin: true },
  );
  gateway.targets.set("product:10", { title: "Fake watch", owners: [2] });
  const storage = new InMemoryStorage();
  if (token) storage.set("token", token);
  const admin = new InMemoryStorage();
  admin.set("token", "t-admin");
  return {
    gateway,
    shopper: { reports: gateway, storage },
    admin: { moderation: gateway, storage: admin },
  };
}

describe("sendReport", () => {
  it("thanks the reporter and answers the report's id", async () => {
    const { shopper } = setUp();
    const sent = successOf(
      await sendReport(shopper, { target: "product", targetId: 10, reason: "counterfeit" }),
    );
    expect(sent).toEqual({ id: 1, message: "Thanks, our team will look at it" });
  });

  it("asks for details when the reason is 'other' and keeps them short, sending nothing", async () => {
    const { shopper, gateway } = setUp();
    const bare = failureOf(
      await sendReport(shopper, { target: "product", targetId: 10, reason: "other", details: " " }),
    );
    expect(bare).toMatchObject({ kind: "invalid-form", message: "Tell us what is wrong" });
    const long = failureOf(
      await sendReport(shopper, {
        target: "product",
        targetId: 10,
        reason: "scam",
        details: "x".repeat(1001),
      }),
    );
    expect(long.kind).toBe("invalid-form");
    const open = successOf(await listReports({ moderation: gateway, storage: setUp().admin.storage }));
    expect(open.count).toBe(0);
  });

  it("asks for a login first without a session", async () => {
    const { shopper } = setUp(null);
    expect(
      failureOf(await sendReport(shopper, { target: "product", targetId: 10, reason: "spam" })).kind,
    ).toBe("not-logged-in");
  });

  it("words a second report by the service's code", async () => {
    const { shopper } = setUp();
    await sendReport(shopper, { target: "product", targetId: 10, reason: "spam" });
    const again = failureOf(await sendReport(shopper, { target: "product", targetId: 10, reason: "spam" }));
    expect(again).toMatchObject({
      kind: "invalid",
      code: "already_reported",
      message: "You have already reported this; our team will look at it",
    });
  });

  it.each([
    ["already_reported", "invalid", "You have already reported this; our team will look at it"],
    ["own_target", "invalid", "You cannot report yourself or your own shop"],
    [
      "too_many_reports",
      "too-many-attempts",
      "You have sent the most reports allowed today; try again tomorrow",
    ],
    ["not_participant", "forbidden", "Only the people in a chat can report its messages"],
  ] as const)("words %s by its code, whatever the service's English says", async (code, kind, words) => {
    const { shopper, gateway } = setUp();
    gateway.failures.set("report", { kind, message: "Some other wording entirely", code });
    const refused = failureOf(await sendReport(shopper, { target: "product", targetId: 10, reason: "spam" }));
    expect(refused).toMatchObject({ kind, code, message: words });
  });

  it("shows the service's words for a refusal without a code it knows", async () => {
    const { shopper, gateway } = setUp();
    gateway.failures.set("report", {
      kind: "invalid",
      message: "Reason is not valid",
      code: "invalid_input",
    });
    const refused = failureOf(await sendReport(shopper, { target: "product", targetId: 10, reason: "spam" }));
    expect(refused).toEqual({ kind: "invalid", code: "invalid_input", message: "Reason is not valid" });
  });
});

describe("the admins' steps", () => {
  it("refuses an action that does not fit the target before sending it", async () => {
    const { admin } = setUp();
    const refused = failureOf(await resolveReport(admin, { id: 1, target: "product" }, "suspend"));
    expect(refused).toMatchObject({ kind: "invalid-form", message: "A product cannot be given 'suspend'" });
  });

  it("hides, restores and reads both in the audit log", async () => {
    const { shopper, admin } = setUp();
    const { id } = successOf(
      await sendReport(shopper, { target: "product", targetId: 10, reason: "counterfeit" }),
    );
    const hidden = successOf(await resolveReport(admin, { id, target: "product" }, "hide", " Counterfeit "));
    expect(hidden).toMatchObject({ status: "resolved", action: "hide", note: "Counterfeit" });
    successOf(await restoreTarget(admin, "product", 10));
    const log = successOf(await readAudit(admin, { target: "product", targetId: 10 }));
    expect(log.items.map((entry) => entry.action)).toEqual(["moderation.restore", "report.hide"]);
  });

  it("tells someone who is not an admin the service's words", async () => {
    const { shopper, gateway } = setUp();
    const refused = failureOf(await listReports({ moderation: gateway, storage: shopper.storage }));
    expect(refused).toMatchObject({
      kind: "forbidden",
      message: "You do not have permission to perform this action.",
    });
  });
});
