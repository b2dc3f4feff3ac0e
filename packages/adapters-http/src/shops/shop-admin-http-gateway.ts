import {
  mapResult,
  type NewShop,
  type Result,
  type Shop,
  type ShopAdminGateway,
  type ShopDetailsChange,
} from "@katale/domain";
import { shopCalls } from "../contract/shops.js";
import type { HttpClient } from "../http/http-client.js";
import { toShop } from "./shop-wire-mapping.js";

/**
 * The owner's shop calls: `shop/mine/` (the token in the header, never in the URL), `POST shop/`
 * and `PATCH shop/{id}/`, both multipart so the images travel with the fields.
 */
export class ShopAdminHttpGateway implements ShopAdminGateway {
  constructor(private readonly http: HttpClient) {}

  async listMyShops(token: string): Promise<Result<Shop[]>> {
    return mapResult(await this.http.call(shopCalls.mine, { token }), (body) => body.data.map(toShop));
  }

  async createShop(token: string, shop: NewShop): Promise<Result<Shop>> {
    const answer = await this.http.call(shopCalls.create, {
      token,
      form: {
        name: shop.name,
        // A form carries the 1 to 3 category ids as a comma-separated list.
        category: shop.categories.join(","),
        location_latitude: shop.locationLatitude,
        location_longitude: shop.locationLongitude,
        bio: shop.bio,
        email: shop.email,
        phone: shop.phone,
        profile_image: shop.profileImage,
        cover_image: shop.coverImage,
      },
    });
    return mapResult(answer, (body) => toShop(body.data));
  }

  async updateShop(token: string, shopId: number, change: ShopDetailsChange): Promise<Result<Shop>> {
    const answer = await this.http.call(shopCalls.update, {
      token,
      params: { id: shopId },
      form: {
        email: change.email,
        bio: change.bio,
        phone: change.phone,
        display_image: change.displayImage,
        cover_image: change.coverImage,
      },
    });
    return mapResult(answer, (body) => toShop(body.data));
  }
}
