import { SERVICES_CATEGORY_ID } from "@katale/domain";
import { describe, expect, it } from "vitest";
import { planDemo } from "./demo-plan.js";
import { wrapText } from "./seed-images.js";

const plan = planDemo();

describe("the demo plan", () => {
  it("comes out the same on every run (stable names, slugs and pictures)", () => {
    const again = planDemo();
    expect(again.products.map((p) => [p.slug, p.price, p.inStock, p.images.length])).toEqual(
      plan.products.map((p) => [p.slug, p.price, p.inStock, p.images.length]),
    );
    expect(again.images.map((i) => i.body)).toEqual(plan.images.map((i) => i.body));
  });

  it("has category 5 = Services with its service sub categories", () => {
    expect(plan.categories.length).toBeGreaterThanOrEqual(12);
    expect(plan.categories.find((c) => c.id === SERVICES_CATEGORY_ID)?.name).toBe("Services");
    const services = plan.subCategories
      .filter((s) => s.categoryId === SERVICES_CATEGORY_ID)
      .map((s) => s.name);
    expect(services).toEqual(
      expect.arrayContaining(["Plumbing", "Electrical Repairs", "Salon & Barber", "Tailoring"]),
    );
    for (const category of plan.categories) {
      const subs = plan.subCategories.filter((s) => s.categoryId === category.id);
      expect(subs.length, category.name).toBeGreaterThanOrEqual(3);
    }
  });

  it("gives unique slugs to categories, sub categories, shops and products", () => {
    for (const list of [plan.categories, plan.subCategories, plan.shops, plan.products]) {
      const slugs = list.map((x) => x.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
      for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it("lists at least 300 products with real descriptions, prices and 1 to 4 pictures", () => {
    expect(plan.products.length).toBeGreaterThanOrEqual(300);
    for (const product of plan.products) {
      expect(product.description.split(/\s+/).length, product.name).toBeGreaterThanOrEqual(20);
      expect(Number.isInteger(product.price) && product.price > 0).toBe(true);
      expect(product.images.length).toBeGreaterThanOrEqual(1);
      expect(product.images.length).toBeLessThanOrEqual(4);
    }
  });

  it("puts every product in a shop that sells its category", () => {
    for (const product of plan.products) {
      const shop = plan.shops[product.shop]!;
      expect(shop.categories, `${product.name} at ${shop.name}`).toContain(product.categoryId);
      expect(plan.subCategories[product.subCategory]!.categoryId).toBe(product.categoryId);
    }
  });

  it("leaves about 8% of physical products out of stock and every service bookable", () => {
    const physical = plan.products.filter((p) => p.categoryId !== SERVICES_CATEGORY_ID);
    const out = physical.filter((p) => p.inStock === 0).length / physical.length;
    expect(out).toBeGreaterThan(0.06);
    expect(out).toBeLessThan(0.1);
    expect(plan.products.filter((p) => p.categoryId === SERVICES_CATEGORY_ID && p.inStock === 0)).toEqual([]);
  });

  it("spreads at least 10 shops, 1 to 3 categories each, some verified", () => {
    expect(plan.shops.length).toBeGreaterThanOrEqual(10);
    for (const shop of plan.shops) {
      expect(shop.categories.length).toBeGreaterThanOrEqual(1);
      expect(shop.categories.length).toBeLessThanOrEqual(3);
      // Uganda lies between about 1.5°S and 4.3°N, 29.5°E and 35°E.
      expect(shop.latitude).toBeGreaterThan(-1.5);
      expect(shop.latitude).toBeLessThan(4.3);
      expect(shop.longitude).toBeGreaterThan(29.5);
      expect(shop.longitude).toBeLessThan(35);
    }
    expect(plan.shops.some((s) => s.verified)).toBe(true);
    expect(plan.shops.some((s) => !s.verified)).toBe(true);
  });

  it("uses Ugandan phone numbers that fit the spec's lengths", () => {
    for (const shop of plan.shops) expect(shop.phone).toMatch(/^07\d{8}$/);
    for (const user of plan.users) expect(user.phone).toMatch(/^\+2567\d{8}$/);
    const phones = [...plan.shops, ...plan.users].map((x) => x.phone);
    expect(new Set(phones).size).toBe(phones.length);
  });

  it("has people who rate, comment, follow, save and browse", () => {
    expect(plan.users.length).toBeGreaterThanOrEqual(20);
    expect(plan.ratings.length).toBeGreaterThan(100);
    expect(plan.ratings.every((r) => r.rating >= 0 && r.rating <= 10)).toBe(true);
    expect(plan.comments.length).toBeGreaterThan(50);
    expect(plan.comments.some((c) => c.images.length > 0)).toBe(true);
    // Owners do not review their own products.
    for (const comment of plan.comments) {
      expect(plan.shops[plan.products[comment.product]!.shop]!.owner).not.toBe(comment.user);
    }
    expect(plan.follows.length).toBeGreaterThan(0);
    expect(plan.saved.length).toBeGreaterThan(0);
    expect(plan.history.length).toBeGreaterThan(0);
    expect(plan.faqs.length).toBeGreaterThanOrEqual(8);
    expect(plan.faqs.length).toBeLessThanOrEqual(12);
    expect(plan.feedback.length).toBeGreaterThanOrEqual(10);
    expect(plan.feedback.every((f) => f.stars >= 0 && f.stars <= 10)).toBe(true);
  });
});

describe("wrapText", () => {
  it("wraps on words and ellipsises what does not fit", () => {
    expect(wrapText("Fresh Matooke bunch (large)", 14, 3)).toEqual(["Fresh Matooke", "bunch (large)"]);
    expect(wrapText("one two three four five six", 7, 2)).toEqual(["one two", "three…"]);
  });
});
