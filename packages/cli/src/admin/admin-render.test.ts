import type { VerificationReview } from "@katale/domain";
import { describe, expect, it } from "vitest";
import {
  renderDecision,
  renderImportFailures,
  renderImportOutcome,
  renderPlan,
  renderVerificationRequests,
} from "./admin-render.js";
import { reportOf } from "./categories/apply-plan.js";
import type { PlanItem } from "./categories/plan-categories.js";

// What an admin reads in an 80-column terminal: the import's plan and outcome, the review's list
// and a decision.

const fitsIn = (text: string, width: number) => text.split("\n").every((line) => line.length <= width);

describe("the import's plan and outcome", () => {
  const parent: PlanItem = {
    path: "Home & Kitchen",
    level: 0,
    action: "update",
    name: "Home & Kitchen",
    id: 4,
    renamedFrom: "home & kitchen",
  };
  const plan: PlanItem[] = [
    {
      path: "row 8: Fashion//Size/42",
      level: 0,
      action: "failed",
      name: "x",
      error: "a value needs its sub category",
    },
    parent,
    {
      path: "Home & Kitchen/Water filters/Capacity/10 litres and more",
      level: 3,
      action: "create",
      name: "10 litres and more",
      parent,
    },
    { path: "Home & Kitchen/Cookware", level: 1, action: "unchanged", name: "Cookware", id: 9 },
    { path: "Services", level: 0, action: "delete", name: "Services", id: 2, removes: 13 },
  ];

  it("shows what changes in a table no wider than the terminal; unchanged and failed entries are left out", () => {
    const text = renderPlan(plan, 80);
    expect(fitsIn(text, 80)).toBe(true);
    expect(text.split("\n")).toEqual([
      "ACTION  PATH                                               CHANGE",
      'update  Home & Kitchen                                     was "home & kitchen"',
      "create  Home & Kitchen/Water filters/Capacity/10 litres…   value",
      "delete  Services                                           category, 13 under it",
      "",
    ]);
    expect(text).toContain("category, 13 under it");
    expect(text).not.toContain("Cookware");
    expect(text).not.toContain("row 8");
    expect(renderPlan([plan[3]!], 80)).toBe("Nothing to change: the catalogue already matches the file.\n");
    // Only failures: those are said after, not "Nothing to change".
    expect(renderPlan([plan[0]!, plan[3]!], 80)).toBe("");
  });

  it("lists every failure in full (for stderr), then the totals, and says a dry run changed nothing", () => {
    const report = reportOf([
      { path: "row 8: Fashion//Size/42", action: "failed", error: "a value needs its sub category" },
      { path: "Home & Kitchen", action: "updated" },
      { path: "Services", action: "deleted" },
    ]);
    expect(renderImportFailures(report)).toBe(
      "failed  row 8: Fashion//Size/42: a value needs its sub category\n",
    );
    expect(renderImportOutcome(report, true)).toBe(
      ["0 created, 1 updated, 1 deleted, 0 unchanged, 1 failed", "Dry run: nothing was changed.", ""].join(
        "\n",
      ),
    );
  });
});

describe("the verification review", () => {
  const request: VerificationReview = {
    id: 12,
    kind: "shop",
    status: "REJECTED",
    reason: "The shop's photo shows another shop's sign board",
    submittedAt: "2026-11-24T09:30:00.000Z",
    decidedAt: "2026-11-24T10:00:00.000Z",
    user: { id: 3, name: "Amina Nakato", email: "amina.nakato@example.ug", phone: "0772123456" },
    shop: { id: 5, name: "Owino Stall and Phone Repairs" },
    email: "stall@example.ug",
    phone: null,
    nin: null,
    locationLatitude: null,
    locationLongitude: null,
    documents: [],
  };

  it("lists requests in 80 columns with the page", () => {
    const text = renderVerificationRequests({ items: [request], count: 21, page: 1, hasNext: true }, 80);
    expect(fitsIn(text, 80)).toBe(true);
    expect(text).toMatch(
      /^ID\s+KIND\s+STATUS\s+APPLICANT\s+SUBMITTED\s+REASON\n12\s+shop\s+REJECTED\s+Owino Stall/,
    );
    expect(text).toContain("2026-11-24");
    expect(text).toContain("Page 1 of 2 (21 requests)\nNext: --page 2\n");
    expect(renderVerificationRequests({ items: [], count: 0, page: 1, hasNext: false }, 80)).toBe(
      "No verification requests match.\n",
    );
  });

  it("says what a decision did, to whom, and why", () => {
    expect(renderDecision({ message: "Verification rejected", request })).toBe(
      [
        "Verification rejected: request 12 is REJECTED.",
        "Shop: Owino Stall and Phone Repairs, of Amina Nakato <amina.nakato@example.ug>",
        "Reason: The shop's photo shows another shop's sign board",
        "",
      ].join("\n"),
    );
  });
});
