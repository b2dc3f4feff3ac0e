import {
  type FeaturedShop,
  mapResult,
  ok,
  type Result,
  type Shop,
  type ShopFollowers,
  type ShopGateway,
} from "@katale/domain";
import { shopCalls } from "../contract/shops.js";
import type { HttpClient } from "../http/http-client.js";
import { toFeaturedShop, toShop, toShopFollowers } from "./shop-wire-mapping.js";

export class ShopHttpGateway implements ShopGateway {
  constructor(private readonly http: HttpClient) {}

  async listShops(): Promise<Result<Shop[]>> {
    return mapResult(await this.http.call(shopCalls.list), (body) => body.data.map(toShop));
  }

  async listShopsByIds(ids: readonly number[]): Promise<Result<Shop[]>> {
    // No ids: no shops (an empty `ids` would mean every shop to the service).
    if (ids.length === 0) return ok([]);
    const answer = await this.http.call(shopCalls.list, { query: { ids: ids.join(",") } });
    return mapResult(answer, (body) => body.data.map(toShop));
  }

  async getShop(id: number): Promise<Result<Shop>> {
    return mapResult(await this.http.call(shopCalls.getById, { params: { id } }), (body) =>
      toShop(body.data),
    );
  }

  async findShopsByName(name: string): Promise<Result<Shop[]>> {
    const answer = await this.http.call(shopCalls.list, { query: { name } });
    return mapResult(answer, (body) => body.data.map(toShop));
  }

  async listTopRated(): Promise<Result<FeaturedShop[]>> {
    return mapResult(await this.http.call(shopCalls.topRated), (body) => body.data.map(toFeaturedShop));
  }

  async listFollowers(shopId: number): Promise<Result<ShopFollowers>> {
    const answer = await this.http.call(shopCalls.followers, { params: { shopId } });
    return mapResult(answer, toShopFollowers);
  }
}
