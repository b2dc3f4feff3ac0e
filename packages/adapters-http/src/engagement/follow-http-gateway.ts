import {
  type FollowGateway,
  type FollowRecord,
  type KeptRecord,
  mapResult,
  type Product,
  type Result,
} from "@katale/domain";
import { engagementCalls } from "../contract/engagement.js";
import { productCalls } from "../contract/products.js";
import type { HttpClient } from "../http/http-client.js";
import { toProduct } from "../products/product-wire-mapping.js";
import { toFollowRecord } from "./engagement-wire-mapping.js";

/** shop/follow/ and product/from-followed-shops/ over the shared contract. */
export class FollowHttpGateway implements FollowGateway {
  constructor(private readonly http: HttpClient) {}

  async listFollowed(userId: number): Promise<Result<FollowRecord[]>> {
    const answer = await this.http.call(engagementCalls.followedShops, { params: { userId } });
    return mapResult(answer, (body) => body.data.map(toFollowRecord));
  }

  async follow(token: string, shopId: number): Promise<Result<KeptRecord<FollowRecord>>> {
    // The identity comes from the token: no user_id is sent.
    const answer = await this.http.callWithStatus(engagementCalls.follow, {
      token,
      body: { shop_id: shopId },
    });
    // 201: followed now; 200: it was followed already.
    return mapResult(answer, ({ status, body }) => ({
      record: toFollowRecord(body.data),
      created: status === 201,
    }));
  }

  async unfollow(token: string, followId: number): Promise<Result<void>> {
    const answer = await this.http.call(engagementCalls.unfollow, { token, params: { followId } });
    return mapResult(answer, () => undefined);
  }

  async listFollowedShopsProducts(token: string): Promise<Result<Product[]>> {
    const answer = await this.http.call(productCalls.fromFollowedShops, { token });
    return mapResult(answer, (body) => body.data.map(toProduct));
  }
}
