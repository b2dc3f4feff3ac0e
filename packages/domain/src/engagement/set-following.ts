import { firstScreenMessages as messages } from "../messages/first-screen.js";
import type { Product } from "../products/product.js";
import { ok, type Result } from "../result.js";
import type { FollowRecord } from "../shops/follow-record.js";
import type { FollowGateway } from "./follow-gateway.js";
import { type SessionPorts, signedInToken, signedInUser } from "./signed-in.js";

export interface FollowPorts extends SessionPorts {
  readonly follows: Pick<FollowGateway, "listFollowed" | "follow" | "unfollow">;
}

export interface FollowingState {
  /** The user follows the shop now. */
  readonly following: boolean;
  /**
   * The follow state already was as asked: the service had the follow already, or (unfollowing) the
   * follow list, read first, did not hold the shop, so nothing was sent.
   */
  readonly already: boolean;
  readonly message: string;
}

/** The follow record of the shop, if the user follows it (Follow/Unfollow, spec §4). */
export function followOf(records: readonly FollowRecord[], shopId: number): FollowRecord | undefined {
  return records.find((record) => record.shop.id === shopId);
}

/** The shops the signed-in user follows (/account/followed-shops, 'Followed shops'). */
export async function listFollowedShops(
  ports: SessionPorts & { readonly follows: Pick<FollowGateway, "listFollowed"> },
): Promise<Result<FollowRecord[]>> {
  const user = signedInUser(ports.storage);
  if (!user.ok) return user;
  return ports.follows.listFollowed(user.value.userId);
}

/**
 * Follow/Unfollow set to `following` (spec §4), safe to repeat. Following is one request: the
 * service keeps one record however often a shop is followed, and says whether this request created
 * it. Unfollowing deletes a record by its id,
 * so it reads the user's follow list once and deletes only when the shop is in it.
 */
export async function setFollowing(
  ports: FollowPorts,
  shopId: number,
  following: boolean,
): Promise<Result<FollowingState>> {
  const user = signedInUser(ports.storage);
  if (!user.ok) return user;
  const { token, userId } = user.value;
  if (following) {
    const record = await ports.follows.follow(token, shopId);
    if (!record.ok) return record;
    return ok({ following, already: !record.value.created, message: messages.shops.followed });
  }
  const records = await ports.follows.listFollowed(userId);
  if (!records.ok) return records;
  const record = followOf(records.value, shopId);
  if (record !== undefined) {
    const removed = await ports.follows.unfollow(token, record.id);
    if (!removed.ok) return removed;
  }
  return ok({ following, already: record === undefined, message: messages.shops.unfollowed });
}

/** Home 'Following': in-stock products of the shops the user follows. */
export async function listFollowedShopsProducts(
  ports: SessionPorts & { readonly follows: Pick<FollowGateway, "listFollowedShopsProducts"> },
): Promise<Result<Product[]>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  return ports.follows.listFollowedShopsProducts(token.value);
}
