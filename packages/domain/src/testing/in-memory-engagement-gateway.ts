import { BROWSE_HISTORY_MAX, COMMENTS_PER_PAGE, RATING_STORED_MAX } from "../constants.js";
import type { BrowseHistory, BrowseHistoryGateway } from "../engagement/browse-history-gateway.js";
import type { FollowGateway } from "../engagement/follow-gateway.js";
import type { KeptRecord } from "../engagement/kept-record.js";
import type { ProductRating, RatingGateway } from "../engagement/rating-gateway.js";
import type { SavedProductGateway, SavedProducts } from "../engagement/saved-product-gateway.js";
import { messages } from "../messages.js";
import { paginate } from "../page.js";
import type { Comment } from "../products/comment.js";
import type { Product } from "../products/product.js";
import type { ReviewGateway, ReviewPage } from "../products/review-gateway.js";
import type { SavedProduct } from "../products/saved-product.js";
import { type DomainError, err, ok, type Result } from "../result.js";
import type { FollowRecord } from "../shops/follow-record.js";
import type { ShopFollowers } from "../shops/follower.js";
import type { Shop } from "../shops/shop.js";
import type { ShopGateway } from "../shops/shop-gateway.js";
import { Failures } from "./failures.js";

/** Someone the fake knows by their token. */
export interface InMemoryUser {
  readonly id: number;
  readonly token: string;
  readonly name: string;
  readonly isAdmin?: boolean;
}

type EngagementMethod =
  | keyof SavedProductGateway
  | keyof FollowGateway
  | keyof RatingGateway
  | keyof ReviewGateway
  | keyof BrowseHistoryGateway;

const notLoggedIn: DomainError = { kind: "unauthorized", message: messages.authServer.credentialsMissing };
const notOwner: DomainError = { kind: "forbidden", message: messages.reviews.notOwner };
const productNotFound: DomainError = { kind: "not-found", message: messages.api.productNotFound };
const shopNotFound: DomainError = { kind: "not-found", message: messages.api.shopNotFound };
const commentNotFound: DomainError = { kind: "not-found", message: messages.api.commentNotFound };

/**
 * Saving, following, rating, reviews and history as the shop service answers them (issue 8): the
 * identity comes from the token, someone else's record is refused, saving or following twice keeps
 * one record, lists are newest first, public lists hold products in stock only.
 */
export class InMemoryEngagementGateway
  implements
    SavedProductGateway,
    FollowGateway,
    RatingGateway,
    ReviewGateway,
    BrowseHistoryGateway,
    Pick<ShopGateway, "listFollowers">
{
  readonly failures = new Failures<EngagementMethod>();
  private nextId = 1;
  private tick = 0;
  private readonly saved: { id: number; userId: number; productId: number }[] = [];
  private readonly follows: { id: number; userId: number; shopId: number }[] = [];
  private readonly ratings = new Map<string, number>();
  private readonly comments: (Comment & { productId: number; userId: number })[] = [];
  private readonly history = new Map<number, number[]>();

  constructor(
    public products: Product[] = [],
    public shops: Shop[] = [],
    public users: InMemoryUser[] = [],
  ) {}

  // ---- saved products ----

  async listSaved(token: string): Promise<Result<SavedProducts>> {
    return this.failures.answer("listSaved", () =>
      this.as(token, (user) => {
        const items = this.saved
          .filter((s) => s.userId === user.id)
          .reverse()
          .flatMap((s) => {
            const product = this.listed(s.productId);
            return product ? [{ savedProductId: s.id, product }] : [];
          });
        return ok({ items, total: items.length });
      }),
    );
  }

  async save(token: string, productId: number): Promise<Result<KeptRecord<SavedProduct>>> {
    return this.failures.answer("save", () =>
      this.as(token, (user) => {
        if (!this.product(productId)) return err(productNotFound);
        const kept = this.saved.find((s) => s.userId === user.id && s.productId === productId);
        const record = kept ?? { id: this.nextId++, userId: user.id, productId };
        if (!kept) this.saved.push(record);
        return ok({ record: { savedProductId: record.id, productId }, created: !kept });
      }),
    );
  }

  async unsave(token: string, savedProductId: number): Promise<Result<void>> {
    return this.failures.answer("unsave", () =>
      this.as(token, (user) =>
        this.remove(this.saved, savedProductId, user, messages.api.savedProductNotFound),
      ),
    );
  }

  // ---- follows ----

  async listFollowed(userId: number): Promise<Result<FollowRecord[]>> {
    return this.failures.answer("listFollowed", () =>
      ok(
        this.follows
          .filter((f) => f.userId === userId)
          .reverse()
          .flatMap((f) => {
            const shop = this.shops.find((s) => s.id === f.shopId);
            return shop ? [this.followRecord(f.id, shop)] : [];
          }),
      ),
    );
  }

  async follow(token: string, shopId: number): Promise<Result<KeptRecord<FollowRecord>>> {
    return this.failures.answer("follow", () =>
      this.as(token, (user) => {
        const shop = this.shops.find((s) => s.id === shopId);
        if (!shop) return err(shopNotFound);
        const kept = this.follows.find((f) => f.userId === user.id && f.shopId === shopId);
        const record = kept ?? { id: this.nextId++, userId: user.id, shopId };
        if (!kept) this.follows.push(record);
        return ok({ record: this.followRecord(record.id, shop), created: !kept });
      }),
    );
  }

  async unfollow(token: string, followId: number): Promise<Result<void>> {
    return this.failures.answer("unfollow", () =>
      this.as(token, (user) => this.remove(this.follows, followId, user, messages.api.followNotFound)),
    );
  }

  /** The shop service's follower list, from the same follow records (ShopGateway.listFollowers). */
  async listFollowers(shopId: number): Promise<Result<ShopFollowers>> {
    if (!this.shops.some((s) => s.id === shopId)) return err(shopNotFound);
    const followers = this.follows
      .filter((f) => f.shopId === shopId)
      .reverse()
      .map((f) => ({ name: this.users.find((u) => u.id === f.userId)?.name ?? "", profilePicture: null }));
    return ok({ numberOfFollowers: followers.length, followers });
  }

  async listFollowedShopsProducts(token: string): Promise<Result<Product[]>> {
    return this.failures.answer("listFollowedShopsProducts", () =>
      this.as(token, (user) => {
        const shopIds = new Set(this.follows.filter((f) => f.userId === user.id).map((f) => f.shopId));
        return ok(
          this.products.filter((p) => p.inStock > 0 && shopIds.has(p.shopId)).sort((a, b) => b.id - a.id),
        );
      }),
    );
  }

  // ---- ratings ----

  async rate(token: string, productId: number, rating: number): Promise<Result<ProductRating>> {
    return this.failures.answer("rate", () =>
      this.as(token, (user) => {
        if (!Number.isInteger(rating) || rating < 0 || rating > RATING_STORED_MAX) {
          return err({ kind: "invalid", message: messages.api.invalidInput });
        }
        const product = this.product(productId);
        if (!product) return err(productNotFound);
        this.ratings.set(`${user.id}:${productId}`, rating);
        const all = [...this.ratings].filter(([key]) => key.endsWith(`:${productId}`)).map(([, r]) => r);
        const averageRating = Math.round((all.reduce((a, b) => a + b, 0) / all.length / 2) * 10) / 10;
        const rated = { averageRating, numberOfUsersRated: all.length };
        this.products = this.products.map((p) => (p.id === productId ? { ...p, ...rated } : p));
        return ok({ productId, rating, ...rated });
      }),
    );
  }

  // ---- reviews ----

  async listReviews(productId: number, page: number): Promise<Result<ReviewPage>> {
    return this.failures.answer("listReviews", () => {
      if (!this.product(productId)) return err(productNotFound);
      const newestFirst = this.comments.filter((c) => c.productId === productId).reverse();
      const paged = paginate(newestFirst, page, COMMENTS_PER_PAGE);
      return paged.ok ? ok({ comments: paged.value.items.map(plain), total: newestFirst.length }) : paged;
    });
  }

  async listUserReviews(userId: number): Promise<Result<ReviewPage>> {
    return this.failures.answer("listUserReviews", () => {
      const own = this.comments.filter((c) => c.userId === userId).reverse();
      return ok({ comments: own.map(plain), total: own.length });
    });
  }

  async addReview(token: string, productId: number, text: string): Promise<Result<Comment>> {
    return this.failures.answer("addReview", () =>
      this.as(token, (user) => {
        if (!this.product(productId)) return err(productNotFound);
        const comment = {
          id: this.nextId++,
          comment: text.trim(),
          commentorName: user.name,
          commentorProfilePicture: null,
          dateCommented: this.now(),
          commentImages: [],
          commentorId: user.id,
          productId,
          userId: user.id,
        };
        this.comments.push(comment);
        return ok(plain(comment));
      }),
    );
  }

  async editReview(token: string, commentId: number, text: string): Promise<Result<Comment>> {
    return this.failures.answer("editReview", () =>
      this.as(token, (user) => {
        const index = this.comments.findIndex((c) => c.id === commentId);
        const comment = this.comments[index];
        if (!comment) return err(commentNotFound);
        if (comment.userId !== user.id) return err(notOwner);
        const edited = { ...comment, comment: text.trim() };
        this.comments[index] = edited;
        return ok(plain(edited));
      }),
    );
  }

  async deleteReview(token: string, commentId: number): Promise<Result<void>> {
    return this.failures.answer("deleteReview", () =>
      this.as(token, (user) => {
        const index = this.comments.findIndex((c) => c.id === commentId);
        const comment = this.comments[index];
        if (!comment) return err(commentNotFound);
        if (comment.userId !== user.id && !user.isAdmin) return err(notOwner);
        this.comments.splice(index, 1);
        return ok(undefined);
      }),
    );
  }

  // ---- browse history ----

  async recordView(token: string, productId: number): Promise<Result<void>> {
    return this.failures.answer("recordView", () =>
      this.as(token, (user) => {
        if (!this.product(productId)) return err(productNotFound);
        const viewed = [productId, ...(this.history.get(user.id) ?? []).filter((id) => id !== productId)];
        this.history.set(user.id, viewed.slice(0, BROWSE_HISTORY_MAX));
        return ok(undefined);
      }),
    );
  }

  async listHistory(token: string): Promise<Result<BrowseHistory>> {
    return this.failures.answer("listHistory", () =>
      this.as(token, (user) => {
        const products = (this.history.get(user.id) ?? []).flatMap((id) => this.product(id) ?? []);
        return ok({ products, total: products.length });
      }),
    );
  }

  // ---- helpers ----

  private as<T>(token: string, act: (user: InMemoryUser) => Result<T>): Result<T> {
    const user = this.users.find((u) => u.token === token);
    return user ? act(user) : err(notLoggedIn);
  }

  private product(id: number): Product | undefined {
    return this.products.find((p) => p.id === id);
  }

  private listed(id: number): Product | undefined {
    const product = this.product(id);
    return product && product.inStock > 0 ? product : undefined;
  }

  private remove(
    records: { id: number; userId: number }[],
    id: number,
    user: InMemoryUser,
    notFound: string,
  ): Result<void> {
    const index = records.findIndex((r) => r.id === id);
    const record = records[index];
    if (!record) return err({ kind: "not-found", message: notFound });
    if (record.userId !== user.id) return err({ kind: "forbidden", message: messages.authServer.adminOnly });
    records.splice(index, 1);
    return ok(undefined);
  }

  private followRecord(id: number, shop: Shop): FollowRecord {
    return {
      id,
      shop: { id: shop.id, name: shop.name, coverImage: shop.coverImage, displayImage: shop.displayImage },
    };
  }

  /** Distinct, increasing timestamps, so newest-first order is well defined. */
  private now(): string {
    return new Date(Date.UTC(2026, 0, 1) + this.tick++ * 1000).toISOString();
  }
}

function plain({
  productId: _p,
  userId: _u,
  ...comment
}: Comment & { productId: number; userId: number }): Comment {
  return comment;
}
