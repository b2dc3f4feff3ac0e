import { mapResult, type ProductRating, type RatingGateway, type Result } from "@katale/domain";
import { engagementCalls } from "../contract/engagement.js";
import type { HttpClient } from "../http/http-client.js";
import { toProductRating } from "./engagement-wire-mapping.js";

/** POST product/rating/ over the shared contract: the stored 0–10 value. */
export class RatingHttpGateway implements RatingGateway {
  constructor(private readonly http: HttpClient) {}

  async rate(token: string, productId: number, rating: number): Promise<Result<ProductRating>> {
    const answer = await this.http.call(engagementCalls.rate, {
      token,
      body: { rating, product_id: productId },
    });
    return mapResult(answer, (body) => toProductRating(body.data));
  }
}
