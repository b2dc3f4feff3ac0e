import type { ModerationGateway, ReportGateway, Result } from "@katale/domain";
import { expect, it } from "vitest";

// What the reporting and moderation gateways must do, run against the domain's in-memory fake
// (moderation-behaviour.test.ts) and against the HTTP gateway on the real server
// (tests/adapters/moderation-behaviour.int.test.ts), so the fake cannot drift.

export interface ModerationUser {
  readonly token: string;
  readonly id: number;
  readonly name: string;
}

export interface ModerationFixture {
  readonly gateways: { readonly reports: ReportGateway; readonly moderation: ModerationGateway };
  readonly newUser: (options?: { readonly admin?: boolean }) => Promise<ModerationUser>;
  /** A product of a shop of `owner`: its id. */
  readonly newProduct: (owner: ModerationUser) => Promise<number>;
}

const UNKNOWN_ID = 2_000_000_000;

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

const kindOf = <T>(result: Result<T>) => (result.ok ? "ok" : result.error.kind);

export function itBehavesLikeModerationGateways(fixture: () => ModerationFixture): void {
  it("files a report once per reporter and target, never on one's own product or a missing one", async () => {
    const { gateways, newUser, newProduct } = fixture();
    const [owner, shopper] = await Promise.all([newUser(), newUser()]);
    const product = await newProduct(owner);
    const filed = value(
      await gateways.reports.report(shopper.token, { target: "product", targetId: product, reason: "scam" }),
    );
    expect(filed.id).toBeGreaterThan(0);
    expect(
      kindOf(
        await gateways.reports.report(shopper.token, {
          target: "product",
          targetId: product,
          reason: "spam",
        }),
      ),
    ).toBe("invalid");
    expect(
      kindOf(
        await gateways.reports.report(owner.token, { target: "product", targetId: product, reason: "spam" }),
      ),
    ).toBe("invalid");
    expect(
      kindOf(
        await gateways.reports.report(shopper.token, {
          target: "product",
          targetId: UNKNOWN_ID,
          reason: "spam",
        }),
      ),
    ).toBe("not-found");
    expect(
      kindOf(
        await gateways.reports.report(shopper.token, {
          target: "shop",
          targetId: UNKNOWN_ID,
          reason: "other",
        }),
      ),
    ).toBe("invalid");
  });

  it("keeps the moderation calls for admins", async () => {
    const { gateways, newUser } = fixture();
    const user = await newUser();
    expect(kindOf(await gateways.moderation.listReports(user.token))).toBe("forbidden");
    expect(kindOf(await gateways.moderation.audit(user.token))).toBe("forbidden");
    expect(kindOf(await gateways.moderation.restore(user.token, "product", 1))).toBe("forbidden");
    expect(kindOf(await gateways.moderation.listReports("no-such-token"))).toBe("unauthorized");
  });

  it("resolves every open report on a target at once, restores it, and notes both in the audit log", async () => {
    const { gateways, newUser, newProduct } = fixture();
    const [admin, owner, first, second] = await Promise.all([
      newUser({ admin: true }),
      newUser(),
      newUser(),
      newUser(),
    ]);
    const product = await newProduct(owner);
    const a = value(
      await gateways.reports.report(first.token, {
        target: "product",
        targetId: product,
        reason: "counterfeit",
      }),
    );
    value(
      await gateways.reports.report(second.token, {
        target: "product",
        targetId: product,
        reason: "other",
        details: "Fake brand",
      }),
    );
    const open = value(
      await gateways.moderation.listReports(admin.token, { status: "open", target: "product" }),
    );
    const mine = open.items.filter((r) => r.targetId === product);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ target: "product", status: "open", reportsOnTarget: 2 });
    expect(mine.map((r) => r.reporter.id).sort()).toEqual([first.id, second.id].sort());

    expect(kindOf(await gateways.moderation.resolve(admin.token, a.id, "suspend", ""))).toBe("invalid");
    const hidden = value(await gateways.moderation.resolve(admin.token, a.id, "hide", "Counterfeit"));
    expect(hidden).toMatchObject({ id: a.id, status: "resolved", action: "hide", note: "Counterfeit" });
    const still = value(
      await gateways.moderation.listReports(admin.token, { status: "open", target: "product" }),
    );
    expect(still.items.some((r) => r.targetId === product)).toBe(false);
    expect(kindOf(await gateways.moderation.resolve(admin.token, a.id, "dismiss", ""))).toBe("invalid");

    value(await gateways.moderation.restore(admin.token, "product", product));
    expect(kindOf(await gateways.moderation.restore(admin.token, "product", product))).toBe("not-found");
    const log = value(
      await gateways.moderation.audit(admin.token, {
        actorId: admin.id,
        target: "product",
        targetId: product,
      }),
    );
    expect(log.items.map((e) => e.action)).toEqual(["moderation.restore", "report.hide"]);
    expect(log.items[0]).toMatchObject({
      actor: { id: admin.id },
      target: "product",
      targetId: String(product),
    });
  });
}
