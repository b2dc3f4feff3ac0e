import {
  type KeptRecord,
  mapResult,
  type Result,
  type SavedProduct,
  type SavedProductGateway,
  type SavedProducts,
} from "@katale/domain";
import { engagementCalls } from "../contract/engagement.js";
import type { HttpClient } from "../http/http-client.js";
import { toSavedProductEntry } from "./engagement-wire-mapping.js";

/** product/save/ over the shared contract, with the token in the Authorization header. */
export class SavedProductHttpGateway implements SavedProductGateway {
  constructor(private readonly http: HttpClient) {}

  async listSaved(token: string): Promise<Result<SavedProducts>> {
    return mapResult(await this.http.call(engagementCalls.listSaved, { token }), (body) => ({
      items: body.data.map(toSavedProductEntry),
      total: body.number_of_saved_products,
    }));
  }

  async save(token: string, productId: number): Promise<Result<KeptRecord<SavedProduct>>> {
    const answer = await this.http.callWithStatus(engagementCalls.saveProduct, {
      token,
      body: { product_id: productId },
    });
    // 201: saved now; 200: it was saved already.
    return mapResult(answer, ({ status, body }) => ({
      record: { savedProductId: body.data.saved_product_id, productId: body.data.product_id },
      created: status === 201,
    }));
  }

  async unsave(token: string, savedProductId: number): Promise<Result<void>> {
    const answer = await this.http.call(engagementCalls.unsave, { token, params: { savedProductId } });
    return mapResult(answer, () => undefined);
  }
}
