import {
  err,
  ok,
  type Result,
  type ShopVerificationError,
  type ShopVerificationGateway,
  type ShopVerificationRequest,
} from "@katale/domain";
import { errorCodeOf } from "../contract/error-codes.js";
import { verificationCalls } from "../contract/verification.js";
import { domainErrorOf, type HttpClient } from "../http/http-client.js";

/** `verification/shop/` (shop service), multipart with the shop photo; `verification_pending` is 'taken'. */
export class ShopVerificationHttpGateway implements ShopVerificationGateway {
  constructor(private readonly http: HttpClient) {}

  async requestShopVerification(
    token: string,
    request: ShopVerificationRequest,
  ): Promise<Result<void, ShopVerificationError>> {
    const answer = await this.http.exchange(verificationCalls.shop, {
      token,
      form: {
        contact: request.contact,
        shop_image: request.shopImage,
        location_latitude: request.locationLatitude,
        location_longitude: request.locationLongitude,
        shop: request.shop,
      },
    });
    if (answer.ok) return ok(undefined);
    const failure = answer.error;
    if (failure.kind === "status" && errorCodeOf(failure.body) === "verification_pending")
      return err({ kind: "taken" });
    return err(domainErrorOf(failure));
  }
}
