import { type Comment, emptyPage, messages } from "@katale/domain";
import { aProduct } from "@katale/domain/testing";
import { describe, expect, it } from "vitest";
import {
  isPastEnd,
  parseStars,
  renderFollowChange,
  renderFollowedShops,
  renderHistory,
  renderRating,
  renderReviews,
  renderSaveChange,
  renderSavedProducts,
} from "./engagement-render.js";

const pump = aProduct({ id: 329, name: "Bicycle pump", price: 15_000, shopName: "Mukono Sports Arena" });

function aComment(id: number, text: string): Comment {
  return {
    id,
    comment: text,
    commentorName: "Amina N.",
    commentorProfilePicture: null,
    dateCommented: "2026-03-04T10:00:00Z",
    commentImages: [],
  };
}

describe("parseStars", () => {
  it("takes 0 to 5 in half steps", () => {
    expect(["0", "0.5", "3", "3.5", "4.0", "5", " 2 "].map(parseStars)).toEqual([0, 0.5, 3, 3.5, 4, 5, 2]);
  });

  it("refuses anything else", () => {
    for (const bad of ["5.5", "6", "-1", "3.3", "2.25", "", "abc", "1e0", "NaN", "Infinity", "3,5"]) {
      expect(parseStars(bad), bad).toBeNull();
    }
  });
});

describe("engagement renderers", () => {
  it("lists the saved products with UGX prices and a count", () => {
    const text = renderSavedProducts({ items: [{ savedProductId: 7, product: pump }], total: 1 }, 80);
    expect(text).toContain(messages.account.savedItems);
    expect(text).toMatch(/329\s+Bicycle pump\s+UGX 15,000/);
    expect(text).toMatch(/1 product\n$/);
  });

  it("says so when nothing is saved, followed or in the history", () => {
    expect(renderSavedProducts({ items: [], total: 0 }, 80)).toBe(`${messages.account.noWishlistProducts}\n`);
    expect(renderFollowedShops([], 80)).toBe(`${messages.account.noFollowedShops}\n`);
    expect(renderHistory({ products: [], total: 0 }, 80)).toBe(`${messages.account.noBrowseHistory}\n`);
  });

  it("names the product saved or removed", () => {
    expect(renderSaveChange({ message: messages.products.saved, productName: "Bicycle pump" })).toBe(
      `${messages.products.saved}: Bicycle pump\n`,
    );
  });

  it("lists followed shops by id and name, and the follower count after a change", () => {
    const record = {
      id: 3,
      shop: { id: 12, name: "Gulu Boda Spares", coverImage: null, displayImage: null },
    };
    expect(renderFollowedShops([record], 80)).toMatch(/12\s+Gulu Boda Spares/);
    const toggle = {
      following: true,
      message: messages.shops.followed,
      followers: { numberOfFollowers: 1, followers: [] },
    };
    expect(renderFollowChange(toggle, "Gulu Boda Spares")).toBe(
      `${messages.shops.followed}: Gulu Boda Spares\n1 follower\n`,
    );
    expect(renderFollowChange({ ...toggle, followers: null }, "X")).toBe(`${messages.shops.followed}: X\n`);
  });

  it("shows the user's stars and the new average as stars", () => {
    const text = renderRating(
      { stars: 3.5, averageRating: 4.25, numberOfUsersRated: 2, message: messages.products.rated },
      "Bicycle pump",
    );
    expect(text).toContain(`${messages.products.rated}: Bicycle pump`);
    expect(text).toContain("Your rating: ★★★½☆ 3.5");
    expect(text).toContain("Average:     ★★★★½ 4.3 (2 ratings)");
  });

  it("shows a page of reviews as plain text with the next page", () => {
    const page = {
      items: [aComment(9, "<img src=x onerror=alert(1)> Works well")],
      count: 5,
      page: 1,
      hasNext: true,
      hasPrevious: false,
    };
    const text = renderReviews(page, "Bicycle pump", 80);
    expect(text).toContain("Reviews · Bicycle pump (5 Reviews)");
    expect(text).toMatch(/Amina N\. · .+ · #9/);
    expect(text).toContain("  <img src=x onerror=alert(1)> Works well");
    expect(text).toMatch(/Page 1 of 2 · next: --page 2\n$/);
  });

  it("says 'No comments yet' without reviews, and knows a page past the end", () => {
    expect(renderReviews(emptyPage(1), "Bicycle pump", 80)).toBe(
      `Reviews · Bicycle pump (0 Reviews)\n\n${messages.reviews.noComments}\n`,
    );
    expect(isPastEnd(emptyPage(1))).toBe(false);
    expect(isPastEnd(emptyPage(3))).toBe(true);
    expect(
      isPastEnd({ items: [aComment(1, "ok")], count: 5, page: 2, hasNext: false, hasPrevious: true }),
    ).toBe(false);
  });

  it("lists the history with a count", () => {
    expect(renderHistory({ products: [pump], total: 1 }, 80)).toMatch(
      /329\s+Bicycle pump\s+UGX 15,000[\s\S]*1 product\n$/,
    );
  });
});
