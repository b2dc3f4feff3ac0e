import {
  type BrowseHistoryGateway,
  COMMENTS_PER_PAGE,
  type FollowGateway,
  type Product,
  pageCount,
  type RatingGateway,
  type Result,
  type ReviewGateway,
  type SavedProductGateway,
  type Shop,
  type ShopGateway,
} from "@katale/domain";
import { expect, it } from "vitest";

// What the engagement gateways must do (issue 8), run against the domain's in-memory fake (unit)
// and against the HTTP gateways on the real server (tests/adapters/engagement-gateways.int.test.ts),
// so the fake cannot drift from the server.

export interface EngagementGateways {
  readonly savedProducts: SavedProductGateway;
  readonly follows: FollowGateway;
  readonly ratings: RatingGateway;
  readonly reviews: ReviewGateway;
  readonly browseHistory: BrowseHistoryGateway;
  readonly shops: Pick<ShopGateway, "listFollowers">;
}

export interface SignedIn {
  readonly token: string;
  readonly id: number;
}

export interface EngagementFixture {
  readonly gateways: EngagementGateways;
  /** A new signed-in user with nothing saved, followed, rated, reviewed or viewed. */
  readonly newUser: (options?: { readonly admin?: boolean }) => Promise<SignedIn>;
  /** At least three products in stock, at least two of them from `shop`. */
  readonly products: readonly Product[];
  /** A shop with products in stock. */
  readonly shop: Shop;
}

/** Which calls the suite covers; a caller leaves out a part the server does not serve yet. */
export const ENGAGEMENT_PARTS = [
  "saved",
  "follows",
  "followed-products",
  "ratings",
  "reviews",
  "review-deletes",
  "history",
] as const;
export type EngagementPart = (typeof ENGAGEMENT_PARTS)[number];

const UNKNOWN_ID = 2_000_000_000;

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

function kindOf<T>(result: Result<T>): string {
  return result.ok ? "ok" : result.error.kind;
}

export function itBehavesLikeEngagementGateways(
  fixture: () => EngagementFixture,
  parts: readonly EngagementPart[] = ENGAGEMENT_PARTS,
): void {
  const part = (name: EngagementPart) => (parts.includes(name) ? it : it.skip);

  part("saved")("saves a product once, lists it newest first, and unsaves it", async () => {
    const { gateways, newUser, products } = fixture();
    const { savedProducts } = gateways;
    const me = await newUser();
    const [a, b] = [products[0]!, products[1]!];
    expect(value(await savedProducts.listSaved(me.token))).toEqual({ items: [], total: 0 });
    const saved = value(await savedProducts.save(me.token, a.id));
    const first = saved.record;
    // Saving again keeps the one record and says it was there already (what "already" lines rely on).
    expect(value(await savedProducts.save(me.token, a.id))).toEqual({ record: first, created: false });
    expect(saved.created).toBe(true);
    expect(first.productId).toBe(a.id);
    value(await savedProducts.save(me.token, b.id));
    const list = value(await savedProducts.listSaved(me.token));
    expect(list.total).toBe(2);
    expect(list.items.map((e) => e.product.id)).toEqual([b.id, a.id]);
    expect(list.items[1]).toEqual({ savedProductId: first.savedProductId, product: a });
    value(await savedProducts.unsave(me.token, first.savedProductId));
    expect(value(await savedProducts.listSaved(me.token)).items.map((e) => e.product.id)).toEqual([b.id]);
  });

  part("saved")(
    "refuses saving without a valid token, an unknown product and someone else's record",
    async () => {
      const { gateways, newUser, products } = fixture();
      const { savedProducts } = gateways;
      const [me, other] = [await newUser(), await newUser()];
      expect(kindOf(await savedProducts.listSaved("not-a-token"))).toBe("unauthorized");
      expect(kindOf(await savedProducts.save(me.token, UNKNOWN_ID))).toBe("not-found");
      const mine = value(await savedProducts.save(me.token, products[0]!.id)).record;
      expect(kindOf(await savedProducts.unsave(other.token, mine.savedProductId))).toBe("forbidden");
      expect(kindOf(await savedProducts.unsave(me.token, UNKNOWN_ID))).toBe("not-found");
      expect(value(await savedProducts.listSaved(me.token)).total).toBe(1);
    },
  );

  part("saved")("unsaves by the id the list names, and saves the product again after", async () => {
    const { gateways, newUser, products } = fixture();
    const { savedProducts } = gateways;
    const me = await newUser();
    const product = products[0]!;
    value(await savedProducts.save(me.token, product.id));
    const [entry] = value(await savedProducts.listSaved(me.token)).items;
    expect(entry?.product.id).toBe(product.id);
    value(await savedProducts.unsave(me.token, entry!.savedProductId));
    expect(value(await savedProducts.listSaved(me.token)).total).toBe(0);
    expect(kindOf(await savedProducts.unsave(me.token, entry!.savedProductId))).toBe("not-found");
    // Saved anew after unsaving: created again.
    const again = value(await savedProducts.save(me.token, product.id));
    expect(again.created).toBe(true);
    const list = value(await savedProducts.listSaved(me.token));
    expect(list.items).toEqual([{ savedProductId: again.record.savedProductId, product }]);
  });

  part("follows")("follows a shop once, counts the follower, and unfollows", async () => {
    const { gateways, newUser, shop } = fixture();
    const { follows, shops } = gateways;
    const me = await newUser();
    const before = value(await shops.listFollowers(shop.id)).numberOfFollowers;
    expect(value(await follows.listFollowed(me.id))).toEqual([]);
    const followed = value(await follows.follow(me.token, shop.id));
    const record = followed.record;
    expect(followed.created).toBe(true);
    expect(value(await follows.follow(me.token, shop.id))).toEqual({ record, created: false });
    expect(record.shop).toEqual({
      id: shop.id,
      name: shop.name,
      coverImage: shop.coverImage,
      displayImage: shop.displayImage,
    });
    expect(value(await follows.listFollowed(me.id))).toEqual([record]);
    expect(value(await shops.listFollowers(shop.id)).numberOfFollowers).toBe(before + 1);
    value(await follows.unfollow(me.token, record.id));
    expect(value(await follows.listFollowed(me.id))).toEqual([]);
    expect(value(await shops.listFollowers(shop.id)).numberOfFollowers).toBe(before);
  });

  part("follows")("unfollows by the id the follow list names, and follows again after", async () => {
    const { gateways, newUser, shop } = fixture();
    const { follows, shops } = gateways;
    const me = await newUser();
    const before = value(await shops.listFollowers(shop.id)).numberOfFollowers;
    value(await follows.follow(me.token, shop.id));
    const [record] = value(await follows.listFollowed(me.id));
    expect(record?.shop.id).toBe(shop.id);
    value(await follows.unfollow(me.token, record!.id));
    expect(kindOf(await follows.unfollow(me.token, record!.id))).toBe("not-found");
    const again = value(await follows.follow(me.token, shop.id));
    expect(again.created).toBe(true);
    expect(value(await follows.listFollowed(me.id))).toEqual([again.record]);
    expect(value(await shops.listFollowers(shop.id)).numberOfFollowers).toBe(before + 1);
  });

  part("follows")("refuses following an unknown shop and unfollowing for someone else", async () => {
    const { gateways, newUser, shop } = fixture();
    const { follows } = gateways;
    const [me, other] = [await newUser(), await newUser()];
    expect(kindOf(await follows.follow("not-a-token", shop.id))).toBe("unauthorized");
    expect(kindOf(await follows.follow(me.token, UNKNOWN_ID))).toBe("not-found");
    const record = value(await follows.follow(me.token, shop.id)).record;
    expect(kindOf(await follows.unfollow(other.token, record.id))).toBe("forbidden");
    expect(value(await follows.listFollowed(me.id))).toEqual([record]);
  });

  part("followed-products")("lists the in-stock products of followed shops", async () => {
    const { gateways, newUser, shop } = fixture();
    const { follows } = gateways;
    const me = await newUser();
    expect(value(await follows.listFollowedShopsProducts(me.token))).toEqual([]);
    value(await follows.follow(me.token, shop.id));
    const products = value(await follows.listFollowedShopsProducts(me.token));
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => p.shopId === shop.id && p.inStock > 0)).toBe(true);
    expect(kindOf(await follows.listFollowedShopsProducts("not-a-token"))).toBe("unauthorized");
  });

  part("ratings")("rates on the stored 0–10 scale; a new rating replaces the old", async () => {
    const { gateways, newUser, products } = fixture();
    const { ratings } = gateways;
    const product = products[2]!;
    const [me, other] = [await newUser(), await newUser()];
    const first = value(await ratings.rate(me.token, product.id, 7));
    expect(first.rating).toBe(7);
    const count = first.numberOfUsersRated;
    const replaced = value(await ratings.rate(me.token, product.id, 10));
    expect(replaced.numberOfUsersRated).toBe(count);
    const second = value(await ratings.rate(other.token, product.id, 0));
    expect(second.numberOfUsersRated).toBe(count + 1);
    expect(second.averageRating).toBeGreaterThanOrEqual(0);
    expect(second.averageRating).toBeLessThanOrEqual(5);
    expect(kindOf(await ratings.rate(me.token, UNKNOWN_ID, 4))).toBe("not-found");
    expect(kindOf(await ratings.rate("not-a-token", product.id, 4))).toBe("unauthorized");
  });

  part("reviews")(
    "pages a product's reviews newest first, 4 a page, past the end 'invalid-page'",
    async () => {
      const { gateways, newUser, products } = fixture();
      const { reviews } = gateways;
      const product = products[1]!;
      const me = await newUser();
      const before = value(await reviews.listReviews(product.id, 1)).total;
      const written: number[] = [];
      for (let i = 1; i <= COMMENTS_PER_PAGE + 1; i++) {
        written.push(value(await reviews.addReview(me.token, product.id, `Review number ${i}`)).id);
      }
      const first = value(await reviews.listReviews(product.id, 1));
      expect(first.total).toBe(before + COMMENTS_PER_PAGE + 1);
      expect(first.comments.map((c) => c.id)).toEqual(written.slice(1).reverse());
      expect(first.comments[0]).toMatchObject({ comment: "Review number 5", commentorId: me.id });
      const second = value(await reviews.listReviews(product.id, 2));
      expect(second.comments[0]?.id).toBe(written[0]);
      const past = pageCount(first.total, COMMENTS_PER_PAGE) + 1;
      expect(kindOf(await reviews.listReviews(product.id, past))).toBe("invalid-page");
      expect(kindOf(await reviews.listReviews(UNKNOWN_ID, 1))).toBe("not-found");
    },
  );

  part("reviews")("trims a review, keeps markup as text, and lets only its author edit it", async () => {
    const { gateways, newUser, products } = fixture();
    const { reviews } = gateways;
    const product = products[0]!;
    const [me, other] = [await newUser(), await newUser()];
    const review = value(await reviews.addReview(me.token, product.id, "  Sweet <b>mangoes</b>  "));
    expect(review.comment).toBe("Sweet <b>mangoes</b>");
    expect(kindOf(await reviews.editReview(other.token, review.id, "Mine now"))).toBe("forbidden");
    const edited = value(await reviews.editReview(me.token, review.id, "Sweet mangoes, fast delivery"));
    expect(edited).toMatchObject({ id: review.id, comment: "Sweet mangoes, fast delivery" });
    expect(value(await reviews.listUserReviews(me.id))).toEqual({ comments: [edited], total: 1 });
    expect(kindOf(await reviews.editReview(me.token, UNKNOWN_ID, "Hello"))).toBe("not-found");
    expect(kindOf(await reviews.addReview("not-a-token", product.id, "Hello"))).toBe("unauthorized");
    expect(kindOf(await reviews.addReview(me.token, UNKNOWN_ID, "Hello"))).toBe("not-found");
  });

  part("review-deletes")("deletes a review by its author or an admin, nobody else", async () => {
    const { gateways, newUser, products } = fixture();
    const { reviews } = gateways;
    const product = products[0]!;
    const [me, other, admin] = [await newUser(), await newUser(), await newUser({ admin: true })];
    const review = value(await reviews.addReview(me.token, product.id, "First thoughts"));
    expect(kindOf(await reviews.deleteReview(other.token, review.id))).toBe("forbidden");
    value(await reviews.deleteReview(me.token, review.id));
    expect(value(await reviews.listUserReviews(me.id))).toEqual({ comments: [], total: 0 });
    const another = value(await reviews.addReview(me.token, product.id, "Second thoughts"));
    value(await reviews.deleteReview(admin.token, another.id));
    expect(value(await reviews.listUserReviews(me.id)).total).toBe(0);
    expect(kindOf(await reviews.deleteReview(me.token, another.id))).toBe("not-found");
  });

  part("history")("keeps one entry per product, the newest view first, for its owner only", async () => {
    const { gateways, newUser, products } = fixture();
    const { browseHistory } = gateways;
    const [me, other] = [await newUser(), await newUser()];
    const [a, b, c] = [products[0]!, products[1]!, products[2]!];
    expect(value(await browseHistory.listHistory(me.token))).toEqual({ products: [], total: 0 });
    for (const product of [a, b, c, a]) value(await browseHistory.recordView(me.token, product.id));
    const history = value(await browseHistory.listHistory(me.token));
    expect(history.products.map((p) => p.id)).toEqual([a.id, c.id, b.id]);
    expect(history.total).toBe(3);
    expect(value(await browseHistory.listHistory(other.token)).total).toBe(0);
    expect(kindOf(await browseHistory.recordView(me.token, UNKNOWN_ID))).toBe("not-found");
    expect(kindOf(await browseHistory.listHistory("not-a-token"))).toBe("unauthorized");
  });
}
