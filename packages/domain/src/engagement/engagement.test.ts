import { beforeEach, describe, expect, it } from "vitest";
import { COMMENTS_PER_PAGE, REVIEW_MAX_LENGTH } from "../constants.js";
import { messages } from "../messages.js";
import type { Product } from "../products/product.js";
import type { Shop } from "../shops/shop.js";
import { aProduct, aShop } from "../testing/builders.js";
import { InMemoryEngagementGateway } from "../testing/in-memory-engagement-gateway.js";
import { InMemoryStorage } from "../testing/in-memory-storage.js";
import { failureOf, successOf } from "../testing/results.js";
import { listBrowseHistory, recordProductView } from "./browse-history.js";
import { rateProduct, storedRating } from "./rate-product.js";
import { addReview, deleteReview, editReview, listOwnReviews, loadReviews, reviewText } from "./reviews.js";

const loginFirst = { kind: "not-logged-in", message: messages.common.loginFirst };

describe("engagement use cases", () => {
  let shop: Shop;
  let products: Product[];
  let gateway: InMemoryEngagementGateway;
  let storage: InMemoryStorage;
  let visitor: InMemoryStorage;
  let ports: {
    storage: InMemoryStorage;
    savedProducts: InMemoryEngagementGateway;
    follows: InMemoryEngagementGateway;
    shops: InMemoryEngagementGateway;
    ratings: InMemoryEngagementGateway;
    reviews: InMemoryEngagementGateway;
    browseHistory: InMemoryEngagementGateway;
  };

  beforeEach(() => {
    shop = aShop();
    products = [
      aProduct({ shopId: shop.id }),
      aProduct({ shopId: shop.id }),
      aProduct({ inStock: 0, shopId: shop.id }),
    ];
    gateway = new InMemoryEngagementGateway(
      products,
      [shop],
      [
        { id: 7, token: "amina-token", name: "Amina" },
        { id: 8, token: "okello-token", name: "Okello" },
      ],
    );
    storage = new InMemoryStorage();
    storage.set("token", "amina-token");
    storage.set("userdid", 7);
    visitor = new InMemoryStorage();
    const g = gateway;
    ports = { storage, savedProducts: g, follows: g, shops: g, ratings: g, reviews: g, browseHistory: g };
  });

  describe("rating", () => {
    it.each([
      [0, 0],
      [0.5, 1],
      [3.5, 7],
      [5, 10],
    ])("%s stars go on the wire as %s", (stars, stored) => {
      expect(successOf(storedRating(stars))).toBe(stored);
    });

    it.each([-0.5, 5.5, 3.3, 2.25, Number.NaN, Number.POSITIVE_INFINITY])("refuses %s stars", (stars) => {
      expect(failureOf(storedRating(stars))).toEqual({
        kind: "invalid",
        message: messages.products.invalidRating,
      });
    });

    it("rates in stars and reads the stored rating back as stars, with the new average", async () => {
      const product = products[0]!;
      const outcome = successOf(await rateProduct(ports, product.id, 3.5));
      expect(outcome).toEqual({
        stars: 3.5,
        averageRating: 3.5,
        numberOfUsersRated: 1,
        message: messages.products.rated,
      });
      const replaced = successOf(await rateProduct(ports, product.id, 4.5));
      expect(replaced).toMatchObject({ stars: 4.5, averageRating: 4.5, numberOfUsersRated: 1 });
    });

    it("refuses bad stars before anything is sent, and a visitor is asked to log in", async () => {
      gateway.failures.set("rate", { kind: "server" });
      expect(failureOf(await rateProduct(ports, products[0]!.id, 6)).kind).toBe("invalid");
      expect(failureOf(await rateProduct({ ...ports, storage: visitor }, products[0]!.id, 4))).toEqual(
        loginFirst,
      );
    });
  });

  describe("reviews", () => {
    async function writeReviews(count: number): Promise<number[]> {
      const ids: number[] = [];
      for (let i = 1; i <= count; i++)
        ids.push(successOf(await addReview(ports, products[0]!.id, `Review ${i}`)).id);
      return ids;
    }

    it("pages 4 a page, newest first, saying whether there are pages before and after", async () => {
      const ids = await writeReviews(COMMENTS_PER_PAGE + 2);
      const first = successOf(await loadReviews(ports, products[0]!.id, 1));
      expect(first.items.map((c) => c.id)).toEqual(ids.slice(2).reverse());
      expect(first).toMatchObject({ count: 6, page: 1, hasNext: true, hasPrevious: false });
      const second = successOf(await loadReviews(ports, products[0]!.id, 2));
      expect(second.items.map((c) => c.id)).toEqual(ids.slice(0, 2).reverse());
      expect(second).toMatchObject({ hasNext: false, hasPrevious: true });
    });

    it("'Invalid page.' is the end: no reviews and no next page", async () => {
      await writeReviews(2);
      expect(successOf(await loadReviews(ports, products[0]!.id, 2))).toEqual({
        items: [],
        count: 0,
        page: 2,
        hasNext: false,
        hasPrevious: true,
      });
    });

    it("a product without reviews is one empty page; other failures stay failures", async () => {
      expect(successOf(await loadReviews(ports, products[1]!.id, 1))).toMatchObject({
        items: [],
        hasNext: false,
      });
      gateway.failures.set("listReviews", { kind: "network" });
      expect(failureOf(await loadReviews(ports, products[1]!.id, 1))).toEqual({ kind: "network" });
    });

    it("trims the text and keeps it within 1 to 2,000 characters", async () => {
      expect(successOf(reviewText("  Sweet mangoes \n"))).toBe("Sweet mangoes");
      expect(successOf(reviewText("x".repeat(REVIEW_MAX_LENGTH)))).toHaveLength(REVIEW_MAX_LENGTH);
      expect(failureOf(reviewText(" \n\t "))).toEqual({ kind: "invalid", message: messages.reviews.empty });
      expect(failureOf(reviewText("x".repeat(REVIEW_MAX_LENGTH + 1)))).toEqual({
        kind: "invalid",
        message: messages.reviews.tooLong,
      });
      expect(messages.reviews.tooLong).toContain("2,000");
    });

    it("writes, edits ('comment successfully edited') and deletes one's own review", async () => {
      const review = successOf(await addReview(ports, products[0]!.id, "  Good  "));
      expect(review).toMatchObject({ comment: "Good", commentorName: "Amina", commentorId: 7 });
      const edited = successOf(await editReview(ports, review.id, " Very good "));
      expect(edited).toEqual({
        comment: { ...review, comment: "Very good" },
        message: messages.reviews.edited,
      });
      expect(successOf(await listOwnReviews(ports))).toEqual({ comments: [edited.comment], total: 1 });
      successOf(await deleteReview(ports, review.id));
      expect(successOf(await listOwnReviews(ports)).total).toBe(0);
    });

    it("the account tab shows the first 4 of one's reviews, and the total", async () => {
      await writeReviews(6);
      const tab = successOf(await listOwnReviews(ports, 4));
      expect(tab.comments).toHaveLength(4);
      expect(tab.total).toBe(6);
    });

    it("someone else's review: 'You are not the owner'", async () => {
      const theirs = successOf(await gateway.addReview("okello-token", products[0]!.id, "Mine"));
      expect(failureOf(await editReview(ports, theirs.id, "Not yours"))).toEqual({
        kind: "forbidden",
        message: messages.reviews.notOwner,
      });
      expect(failureOf(await deleteReview(ports, theirs.id)).kind).toBe("forbidden");
    });

    it("empty text is refused before anything is sent, and a visitor is asked to log in", async () => {
      expect(failureOf(await addReview(ports, products[0]!.id, "   ")).kind).toBe("invalid");
      const asVisitor = { ...ports, storage: visitor };
      expect(failureOf(await addReview(asVisitor, products[0]!.id, "Hi"))).toEqual(loginFirst);
      expect(failureOf(await editReview(asVisitor, 1, "Hi"))).toEqual(loginFirst);
      expect(failureOf(await deleteReview(asVisitor, 1))).toEqual(loginFirst);
      expect(failureOf(await listOwnReviews(asVisitor))).toEqual(loginFirst);
    });
  });

  describe("browse history", () => {
    it("records views of a signed-in user, newest first, once each", async () => {
      const [a, b] = [products[0]!, products[1]!];
      for (const p of [a, b, a]) expect(successOf(await recordProductView(ports, p.id))).toBe(true);
      expect(successOf(await listBrowseHistory(ports)).products.map((p) => p.id)).toEqual([a.id, b.id]);
    });

    it("a visitor's view is not sent; a visitor's history asks to log in", async () => {
      gateway.failures.set("recordView", { kind: "server" });
      expect(successOf(await recordProductView({ ...ports, storage: visitor }, products[0]!.id))).toBe(false);
      expect(failureOf(await listBrowseHistory({ ...ports, storage: visitor }))).toEqual(loginFirst);
    });
  });
});
