import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { samplePng } from "@katale/adapters-http/testing";
import {
  adminServerMessages,
  login,
  messages,
  type VerificationReview,
  webAdminMessages,
} from "@katale/domain";
import {
  aCategory,
  aSubCategory,
  aUser,
  InMemoryAdminGateway,
  InMemoryAuthGateway,
  InMemoryCategoryGateway,
  InMemoryModerationGateway,
  InMemoryProductGateway,
  InMemoryShopGateway,
  InMemoryStorage,
} from "@katale/domain/testing";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { adminCliMessages } from "../../admin/admin-cli-messages.js";
import type { CliServices } from "../../cli-services.js";
import { App } from "../app.js";
import { driveTui } from "../tui-driver.js";
import { URLS } from "../tui-fakes.js";

// The admin's screens on the domain's fakes: the catalogue tree, the verification queue and the
// moderation of reports.

const pending: VerificationReview = {
  id: 2,
  kind: "user",
  status: "PENDING",
  reason: null,
  submittedAt: "2026-11-24T10:00:00Z",
  decidedAt: null,
  user: { id: 9, name: "Okello Peter", email: "okello@example.ug", phone: "0772000000" },
  shop: null,
  email: null,
  phone: null,
  nin: "CM1234567890AB",
  locationLatitude: null,
  locationLongitude: null,
  documents: [],
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "katale-tui-admin-"));
  writeFileSync(join(dir, "phones.png"), samplePng(0).bytes);
  writeFileSync(join(dir, "notes.txt"), "not a picture");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function start(
  isAdmin = true,
  requests: VerificationReview[] = [pending],
  startSection: "admin" | "home" = "admin",
) {
  const auth = new InMemoryAuthGateway();
  auth.addAccount(aUser({ id: 1, email: "admin@example.ug", name: "Katale admin" }), "admin-pass-1", {
    isAdmin,
  });
  const storage = new InMemoryStorage();
  await login({ auth, storage }, { username: "admin@example.ug", password: "admin-pass-1" });
  const categories = new InMemoryCategoryGateway(
    [aCategory({ id: 1, name: "Phones & Tablets" })],
    [aSubCategory({ id: 11, categoryId: 1, name: "Smartphones", categoryName: "Phones & Tablets" })],
  );
  const admin = new InMemoryAdminGateway(
    [{ id: 1, token: "token-1", name: "Katale admin", isAdmin }],
    categories,
    requests,
  );
  const moderation = new InMemoryModerationGateway();
  moderation.users.push(
    { token: "token-1", id: 1, name: "Katale admin", isAdmin },
    { token: "t-amina", id: 5, name: "Amina", isAdmin: false },
    { token: "t-okello", id: 6, name: "Okello", isAdmin: false },
  );
  moderation.targets.set("product:10", { title: "Fake watch", owners: [2] });
  moderation.targets.set("user:2", { title: "Seller Two", owners: [2] });
  const services: CliServices = {
    urls: URLS,
    categories,
    products: new InMemoryProductGateway(),
    shops: new InMemoryShopGateway(),
    account: { auth, storage, sessionFile: "/tmp/katale-test/session.json", prompter: {} as never },
    admin: {
      storage,
      auth,
      catalogueAdmin: admin,
      verificationReview: admin,
      adminRole: admin,
      stateDir: "/tmp/katale-test",
      downloadDocument: async () => null,
    },
    moderation: { storage, reports: moderation, moderation },
  };
  const { see, press, flat } = driveTui(
    <App services={services} size={{ columns: 80, rows: 24 }} startSection={startSection} />,
  );
  return { admin, categories, moderation, see, press, flat };
}

describe("katale tui, admin", { timeout: 30_000 }, () => {
  it("tells someone who is not an admin that an admin account is needed", async () => {
    const { see } = await start(false);
    await see("This needs an admin account: log in as an admin with 'katale login'.");
  });

  it("shows the Admin section only to an admin", async () => {
    const signedIn = await start(false, [], "home");
    await signedIn.see("Katale [Home]");
    await signedIn.see("My shops Account");
    expect(signedIn.flat()).not.toContain("Admin");
    await signedIn.press("\u001b[Z", "\u001b[Z");
    await signedIn.see("[My shops]");
    const admin = await start(true, [], "home");
    await admin.see("My shops Admin Account");
    await admin.press("\u001b[Z", "\u001b[Z");
    await admin.see("[Admin]");
    await admin.see("› Catalogue");
  });

  it("adds, renames and deletes in the catalogue tree", async () => {
    const { see, press, flat, categories } = await start();
    await see("› Catalogue");
    await press("\r");
    await see("▸ Phones & Tablets");
    await press("\r");
    await see("▾ Phones & Tablets");
    await see("▸ Smartphones");
    await press("a");
    await see("New sub category in Phones & Tablets:");
    await press(..."Tablets", "\r");
    await see("Tablets added");
    await see("▸ Tablets");
    await press("n");
    await see("New category:");
    await press(..."Home & Kitchen", "\r");
    await see("Home & Kitchen added");
    await see("▸ Home & Kitchen");
    await press("G");
    await see("› ▸ Home & Kitchen");
    await press("r");
    await see("Rename Home & Kitchen:");
    await press(..."\u007f".repeat(9), ..."Garden", "\r");
    await see("Home & Kitchen renamed to Home Garden");
    await press("d");
    await see("Delete Home Garden? This cannot be undone. (y/n)");
    await press("y");
    await see("Home Garden deleted");
    expect(flat()).not.toContain("▸ Home Garden");
    const all = await categories.listCategories();
    expect(all.ok && all.value.map((c) => c.name)).toEqual(["Phones & Tablets"]);
  });

  it("approves or rejects the pending verification requests, a rejection with its reason", async () => {
    const { see, press, admin } = await start();
    await see("› Catalogue");
    await press("j", "\r");
    await see("#2 user Okello Peter <okello@example.ug> · 2026-11-24");
    await press("x");
    await see("Reason for rejecting request 2:");
    await press(..."The photo is too blurred", "\r");
    await see("Verification rejected: request 2 is REJECTED.");
    await see("No verification requests match.");
    expect(admin.requests[0]?.reason).toBe("The photo is too blurred");
  });

  it("opens a request with Enter: its fields and documents, and approves it there", async () => {
    const withDocuments: VerificationReview = {
      ...pending,
      phone: "0772000000",
      email: "okello@example.ug",
      locationLatitude: 0.3476,
      locationLongitude: 32.5825,
      documents: [
        { name: "national_id_image", url: "/api/shop/verification/requests/2/documents/national_id_image" },
        { name: "user_image", url: "/api/shop/verification/requests/2/documents/user_image" },
      ],
    };
    const { see, press, admin, flat } = await start(true, [withDocuments]);
    await see("› Catalogue");
    await press("j", "\r");
    await see("#2 user Okello Peter");
    await press("\r");
    await see("Request 2 · user · PENDING");
    expect(flat()).toContain("National ID Number: CM1234567890AB");
    expect(flat()).toContain("Location: 0.3476, 32.5825");
    await see("Documents (2):");
    expect(flat()).toContain("Documents (2): National ID Photo of the user");
    expect(flat()).toContain("Save them: katale admin show 2 --save-documents DIR");
    await press("a");
    await see("Verification approved: request 2 is VERIFIED.");
    await see("No verification requests match.");
    expect(admin.requests[0]?.status).toBe("VERIFIED");
  });

  it("pages through the queue as the selection nears its end", async () => {
    const many = Array.from({ length: 25 }, (_, i) => ({
      ...pending,
      id: i + 1,
      user: { ...pending.user, id: 100 + i, name: `Applicant ${i + 1}`, email: `a${i + 1}@example.ug` },
    }));
    const { see, press, flat } = await start(true, many);
    await see("› Catalogue");
    await press("j", "\r");
    await see("#25 user Applicant 25 <a25@example.ug>");
    expect(flat()).not.toContain("#5 user");
    // The last of the first page (20 a page): the next page comes after it.
    await press("G");
    await see("› #6 user Applicant 6");
    await see("#1 user Applicant 1 <a1@example.ug>");
    await see("25 requests");
    await press("G");
    await see("› #1 user Applicant 1 <a1@example.ug>");
    expect(flat()).not.toContain("Loading more");
  });

  it("shows the approved requests with s and removes a verification with its reason", async () => {
    const verified: VerificationReview = {
      ...pending,
      id: 3,
      status: "VERIFIED",
      decidedAt: "2026-11-24T12:00:00Z",
    };
    const { see, press, flat, admin } = await start(true, [pending, verified]);
    await see("› Catalogue");
    await press("j", "\r");
    await see("Pending requests · s others");
    await press("v");
    await see(adminServerMessages.notVerified);
    await press("s");
    await see("Approved requests · s others");
    await see("#3 user Verified · Okello Peter");
    expect(flat()).not.toContain("#2 user");
    await press("v");
    await see(`${webAdminMessages.removeVerification} #3 · ${webAdminMessages.reasonForRemoval}:`);
    await press("\r");
    await see(adminServerMessages.reasonRequired);
    expect(admin.requests.find((r) => r.id === 3)?.status).toBe("VERIFIED");
    await press("v");
    await press(..."The shop has closed", "\r");
    await see(`${adminServerMessages.revoked}: request 3 is REJECTED.`);
    await see("No verification requests match.");
    expect(admin.requests.find((r) => r.id === 3)).toMatchObject({
      status: "REJECTED",
      reason: "The shop has closed",
    });
    await press("s");
    await see("Rejected requests · s others");
    await see("#3 user Rejected · Okello Peter");
  });

  it("shows a failed decision in the domain's words", async () => {
    const { see, press, admin, flat } = await start();
    admin.failures.set("approve", { kind: "invalid", message: adminServerMessages.notPending });
    await see("› Catalogue");
    await press("j", "\r");
    await see("#2 user Okello Peter");
    await press("a");
    await see(adminServerMessages.notPending);
    expect(admin.requests[0]?.status).toBe("PENDING");
    // The next move clears the line: it was about the key before.
    await press("j");
    await expect.poll(flat).not.toContain(adminServerMessages.notPending);
  });

  it("sets a category's and a sub category's image from a file's path", async () => {
    const { see, press, admin } = await start();
    const updateCategory = vi.spyOn(admin, "updateCategory");
    const updateSubCategory = vi.spyOn(admin, "updateSubCategory");
    await see("› Catalogue");
    await press("\r");
    await see("▸ Phones & Tablets · picture");
    await press("i");
    await see("Image (Phones & Tablets), a file:");
    await press(join(dir, "missing.png"), "\r");
    await see(adminCliMessages.imageNotFound(join(dir, "missing.png")));
    await press("i");
    await press(join(dir, "notes.txt"), "\r");
    // The line is cut at the screen's width: its start.
    await see(adminCliMessages.imageNotAnImage(join(dir, "notes.txt")).slice(0, 60));
    expect(updateCategory).not.toHaveBeenCalled();
    await press("i");
    await press(join(dir, "phones.png"), "\r");
    await see(webAdminMessages.categoryEdited);
    await see("▸ Phones & Tablets · picture");
    expect(updateCategory).toHaveBeenCalledWith("token-1", 1, {
      image: { fileName: "phones.png", contentType: "image/png", bytes: expect.any(Uint8Array) },
    });
    await press("\r");
    await see("▸ Smartphones");
    await press("j", "i");
    await see("Image (Smartphones), a file:");
    await press(join(dir, "phones.png"), "\r");
    await see(messages.catalogue.subCategoryEdited);
    await see("▸ Smartphones · picture");
    expect(updateSubCategory).toHaveBeenCalledWith("token-1", 11, {
      image: expect.objectContaining({ fileName: "phones.png" }),
    });
  });

  it("shows the service's refusal of a category's image in the domain's words", async () => {
    const { see, press, admin } = await start();
    admin.failures.set("updateCategory", { kind: "not-found", message: messages.api.categoryNotFound });
    await see("› Catalogue");
    await press("\r");
    await see("▸ Phones & Tablets");
    await press("i");
    await press(join(dir, "phones.png"), "\r");
    await see(messages.api.categoryNotFound);
    await see("▸ Phones & Tablets · picture");
  });

  it("moderates: reports under their target, most-reported first; hide with a note, restore, suspend", async () => {
    const { see, press, flat, moderation } = await start();
    await moderation.report("t-amina", { target: "user", targetId: 2, reason: "scam" });
    await moderation.report("t-amina", {
      target: "product",
      targetId: 10,
      reason: "counterfeit",
      details: "Fake brand",
    });
    await moderation.report("t-okello", { target: "product", targetId: 10, reason: "scam" });
    await see("› Catalogue");
    await press("j", "j");
    await see("› Moderation");
    await press("\r");
    await see("Open reports · s others");
    const queue = flat();
    expect(queue.indexOf("Product 10 · Fake watch · 2 reports")).toBeGreaterThan(-1);
    expect(queue.indexOf("User 2 · Seller Two · 1 report")).toBeGreaterThan(
      queue.indexOf("Product 10 · Fake watch · 2 reports"),
    );
    expect(queue).toContain("Counterfeit · Amina · 1970-01-01 00:00 · Fake brand");

    await press("u");
    await see("A product cannot be given 'suspend'.");
    await press("\r");
    await see("Reason: ");
    await see("Reported by ");
    await press("h");
    await see("Note for Hide on product 10 (Enter sends):");
    await press(..."Counterfeit", "\r");
    await see("resolved (hide): product 10, 2 reports on it.");
    expect(moderation.holds.get("product:10")).toBe("hide");
    await see("User 2 · Seller Two · 1 report");
    expect(flat()).not.toContain("Fake watch");

    await press("s");
    await see("Resolved: Hide. Note: Counterfeit");
    await press("r");
    await see("Restored: product 10.");
    expect(moderation.holds.has("product:10")).toBe(false);

    await press("s");
    await see("User 2 · Seller Two · 1 report");
    await press("h");
    await see("A user cannot be given 'hide'.");
    await press("u");
    await see("Note for Suspend on user 2 (Enter sends):");
    await press(..."Asked for money up front", "\r");
    await see("resolved (suspend): user 2, 1 report on it.");
    expect(moderation.holds.get("user:2")).toBe("suspend");
    await see("No open reports");
  });
});
