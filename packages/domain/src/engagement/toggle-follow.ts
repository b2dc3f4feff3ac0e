import { messages } from "../messages.js";
import type { Product } from "../products/product.js";
import { ok, type Result } from "../result.js";
import type { FollowRecord } from "../shops/follow-record.js";
import type { ShopFollowers } from "../shops/follower.js";
import type { ShopGateway } from "../shops/shop-gateway.js";
import type { FollowGateway } from "./follow-gateway.js";
import { type SessionPorts, signedInToken, signedInUser } from "./signed-in.js";

export interface FollowPorts extends SessionPorts {
  readonly follows: Pick<FollowGateway, "listFollowed" | "follow" | "unfollow">;
  readonly shops: Pick<ShopGateway, "listFollowers">;
}

export interface FollowToggle {
  /** The user follows the shop now. */
  readonly following: boolean;
  /** The shop's followers after the change (count and list); null when reloading failed. */
  readonly followers: ShopFollowers | null;
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
 * Follow/Unfollow (spec §4): the state comes from the user's follow list; deletes the shop's
 * follow record when there is one, follows otherwise, then reloads the shop's followers.
 */
export async function toggleFollow(ports: FollowPorts, shopId: number): Promise<Result<FollowToggle>> {
  const user = signedInUser(ports.storage);
  if (!user.ok) return user;
  const { token, userId } = user.value;
  const records = await ports.follows.listFollowed(userId);
  if (!records.ok) return records;
  const record = followOf(records.value, shopId);
  const changed = record
    ? await ports.follows.unfollow(token, record.id)
    : await ports.follows.follow(token, shopId);
  if (!changed.ok) return changed;
  const followers = await ports.shops.listFollowers(shopId);
  const following = record === undefined;
  return ok({
    following,
    followers: followers.ok ? followers.value : null,
    message: following ? messages.shops.followed : messages.shops.unfollowed,
  });
}

/** Home 'Following': in-stock products of the shops the user follows. */
export async function listFollowedShopsProducts(
  ports: SessionPorts & { readonly follows: Pick<FollowGateway, "listFollowedShopsProducts"> },
): Promise<Result<Product[]>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  return ports.follows.listFollowedShopsProducts(token.value);
}
