import { type BrowseHistory, type BrowseHistoryGateway, mapResult, type Result } from "@katale/domain";
import { engagementCalls } from "../contract/engagement.js";
import type { HttpClient } from "../http/http-client.js";
import { toProduct } from "../products/product-wire-mapping.js";

/** product/browse-history/ over the shared contract. */
export class BrowseHistoryHttpGateway implements BrowseHistoryGateway {
  constructor(private readonly http: HttpClient) {}

  async recordView(token: string, productId: number): Promise<Result<void>> {
    const answer = await this.http.call(engagementCalls.recordBrowse, {
      token,
      body: { product_id: productId },
    });
    return mapResult(answer, () => undefined);
  }

  async listHistory(token: string): Promise<Result<BrowseHistory>> {
    return mapResult(await this.http.call(engagementCalls.browseHistory, { token }), (body) => ({
      products: body.data.map(toProduct),
      total: body.number_of_products,
    }));
  }
}
