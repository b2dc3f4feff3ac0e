import { beforeEach, describe, expect, it } from "vitest";
import { messages } from "../messages.js";
import type { Product } from "../products/product.js";
import type { Shop } from "../shops/shop.js";
import { aProduct, aShop } from "../testing/builders.js";
import { withCallLog } from "../testing/call-log.js";
import { InMemoryEngagementGateway } from "../testing/in-memory-engagement-gateway.js";
import { InMemoryStorage } from "../testing/in-memory-storage.js";
import { failureOf, successOf } from "../testing/results.js";
import { listFollowedShops, listFollowedShopsProducts, setFollowing } from "./set-following.js";

const READS = ["listFollowed"];

describe("setFollowing: Follow/Unfollow set to what the user asked", () => {
  let shop: Shop;
  let other: Shop;
  let products: Product[];
  let gateway: InMemoryEngagementGateway;
  let calls: string[];
  let ports: { storage: InMemoryStorage; follows: InMemoryEngagementGateway };

  const reads = () => calls.filter((c) => READS.includes(c)).length;
  const writes = () => calls.filter((c) => !READS.includes(c)).length;
  const followedIds = async () => successOf(await listFollowedShops(ports)).map((r) => r.shop.id);

  beforeEach(() => {
    [shop, other] = [aShop(), aShop()];
    products = [aProduct({ shopId: shop.id }), aProduct({ shopId: shop.id, inStock: 0 })];
    gateway = new InMemoryEngagementGateway(
      products,
      [shop, other],
      [
        { id: 7, token: "amina-token", name: "Amina" },
        { id: 8, token: "okello-token", name: "Okello" },
      ],
    );
    const storage = new InMemoryStorage();
    storage.set("token", "amina-token");
    storage.set("userdid", 7);
    const logged = withCallLog(gateway);
    calls = logged.calls;
    ports = { storage, follows: logged.gateway };
  });

  it("follows with one request, and following again keeps one follow and says so", async () => {
    expect(successOf(await setFollowing(ports, shop.id, true))).toEqual({
      following: true,
      already: false,
      message: messages.shops.followed,
    });
    expect(calls).toEqual(["follow"]);
    expect(successOf(await setFollowing(ports, shop.id, true))).toMatchObject({
      following: true,
      already: true,
    });
    expect(calls).toEqual(["follow", "follow"]);
    expect(await followedIds()).toEqual([shop.id]);
    expect(successOf(await gateway.listFollowers(shop.id)).numberOfFollowers).toBe(1);
  });

  it("unfollows with one read and one delete, leaving other shops and users followed", async () => {
    successOf(await gateway.follow("amina-token", shop.id));
    successOf(await gateway.follow("amina-token", other.id));
    successOf(await gateway.follow("okello-token", shop.id));
    expect(successOf(await setFollowing(ports, shop.id, false))).toEqual({
      following: false,
      already: false,
      message: messages.shops.unfollowed,
    });
    expect([reads(), writes()]).toEqual([1, 1]);
    expect(await followedIds()).toEqual([other.id]);
    expect(successOf(await gateway.listFollowers(shop.id)).numberOfFollowers).toBe(1);
  });

  it("unfollowing a shop not followed reads the list once and sends nothing else", async () => {
    successOf(await gateway.follow("okello-token", shop.id));
    expect(successOf(await setFollowing(ports, shop.id, false))).toMatchObject({
      following: false,
      already: true,
    });
    expect(calls).toEqual(["listFollowed"]);
    expect(successOf(await gateway.listFollowers(shop.id)).numberOfFollowers).toBe(1);
  });

  it("an unknown shop and a failed request are errors, and nothing changes", async () => {
    expect(failureOf(await setFollowing(ports, 999_999, true)).kind).toBe("not-found");
    successOf(await gateway.follow("amina-token", shop.id));
    gateway.failures.set("unfollow", { kind: "network" });
    expect(failureOf(await setFollowing(ports, shop.id, false))).toEqual({ kind: "network" });
    expect(await followedIds()).toEqual([shop.id]);
  });

  it("the home 'Following' tab lists the in-stock products of followed shops", async () => {
    expect(successOf(await listFollowedShopsProducts(ports))).toEqual([]);
    successOf(await setFollowing(ports, shop.id, true));
    expect(successOf(await listFollowedShopsProducts(ports)).map((p) => p.id)).toEqual([products[0]!.id]);
  });

  it("a visitor is asked to log in and nothing is sent", async () => {
    const visitor = { ...ports, storage: new InMemoryStorage() };
    const loginFirst = { kind: "not-logged-in", message: messages.common.loginFirst };
    for (const following of [true, false])
      expect(failureOf(await setFollowing(visitor, shop.id, following))).toEqual(loginFirst);
    expect(failureOf(await listFollowedShops(visitor))).toEqual(loginFirst);
    expect(failureOf(await listFollowedShopsProducts(visitor))).toEqual(loginFirst);
    expect(calls).toEqual([]);
  });
});
