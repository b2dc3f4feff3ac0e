import type { AuditEntry, ModerationReport } from "@katale/domain";
import { describe, expect, it } from "vitest";
import { renderAudit, renderReports } from "./moderation-commands.js";

// What an admin reads in an 80-column terminal: the reports and the audit log, cut to fit, with the page.

const fitsIn = (text: string, width: number) => text.split("\n").every((line) => line.length <= width);

const report: ModerationReport = {
  id: 7,
  target: "product",
  targetId: 42,
  preview: {
    title: "Solar lantern with a very long name indeed, 20 W, two bulbs",
    url: null,
    imageUrl: null,
  },
  reason: "wrong_category",
  details: "",
  reporter: { id: 3, name: "Amina Nakato of Kampala" },
  createdAt: "2026-11-28T16:36:00Z",
  status: "open",
  reportsOnTarget: 3,
  action: null,
  note: null,
};

const entry: AuditEntry = {
  id: 1,
  actor: { id: 2, name: "Okello Peter" },
  action: "report.hide",
  target: "product",
  targetId: "42",
  before: null,
  after: { action: "hide" },
  address: "127.0.0.1",
  createdAt: "2026-11-28T16:37:00Z",
};

describe("the moderation tables", () => {
  it("fit an 80-column terminal, the title cut, and name the next page", () => {
    const shown = renderReports({ items: [report], count: 25, page: 1, hasNext: true }, 80);
    expect(fitsIn(shown, 80)).toBe(true);
    expect(shown).toContain("product 42");
    expect(shown).toContain("…");
    expect(shown).toContain("Page 1 of 2 (25 in all).");
    expect(shown).toContain("More: --page 2");
  });

  it("say when there is nothing", () => {
    expect(renderReports({ items: [], count: 0, page: 1, hasNext: false }, 80)).toBe("No reports.\n");
    expect(renderAudit({ items: [], count: 0, page: 1, hasNext: false }, 80)).toBe("No audit entries.\n");
  });

  it("show who did what to which target", () => {
    const shown = renderAudit({ items: [entry], count: 1, page: 1, hasNext: false }, 80);
    expect(shown).toMatch(/Okello Peter \(2\)\s+report\.hide\s+product:42\s+127\.0\.0\.1/);
    expect(shown).not.toContain("More:");
  });
});
