import type { z } from "zod";
import { type AuthOutcome, done, parseForm } from "../auth/auth-failure.js";
import { signedInToken } from "../engagement/signed-in.js";
import { messages } from "../messages.js";
import { err, ok } from "../result.js";
import type { KeyValueStorage } from "../session/key-value-storage.js";
import { shopVerificationRequestSchema } from "../verification/shop-verification-request.js";
import type { ShopVerificationGateway } from "./seller-gateways.js";
import { sellingFailure } from "./selling-failure.js";

const text = messages.selling;

/** The verification form's values (contact is the form's Email field). */
export type ShopVerificationForm = z.input<typeof shopVerificationRequestSchema>;

export interface ShopVerificationPorts {
  readonly shopVerification: ShopVerificationGateway;
  readonly storage: KeyValueStorage;
}

/**
 * /account/shop-verification: 'Successfully sent verification request', or 'Shop already has a
 * verification request' (spec §8; the screen shows them 5 s and 2 s).
 */
export async function requestShopVerification(
  ports: ShopVerificationPorts,
  form: ShopVerificationForm,
): Promise<AuthOutcome> {
  const parsed = parseForm(shopVerificationRequestSchema, form);
  if (!parsed.ok) return parsed;
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const answer = await ports.shopVerification.requestShopVerification(token.value, parsed.value);
  if (answer.ok) return ok(done(messages.verification.sent, {}));
  return err(
    sellingFailure(answer.error, {
      taken: messages.verification.shopRequestExists,
      "not-found": messages.api.shopNotFound,
      otherwise: text.verificationFailed,
    }),
  );
}
