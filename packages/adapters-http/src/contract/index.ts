// The wire contract of spec §7: one module per area, shared by the server routes and the client
// gateways.
import { authCalls } from "./auth.js";
import { catalogueCalls } from "./catalogue.js";
import { chatCalls } from "./chat.js";
import type { CallDef } from "./common.js";
import { engagementCalls } from "./engagement.js";
import { findCalls } from "./find.js";
import { geoCalls } from "./geo.js";
import { moderationCalls } from "./moderation.js";
import { notificationCalls } from "./notifications.js";
import { productBatchCalls } from "./product-batch.js";
import { productCalls } from "./products.js";
import { shopCalls } from "./shops.js";
import { supportCalls } from "./support.js";
import { verificationCalls } from "./verification.js";

export * from "./app-config.js";
export * from "./auth.js";
export * from "./catalogue.js";
export * from "./chat.js";
export * from "./common.js";
export * from "./engagement.js";
export * from "./error-codes.js";
export * from "./find.js";
export * from "./geo.js";
export * from "./idempotent-calls.js";
export * from "./moderation.js";
export * from "./notifications.js";
export * from "./page-ids.js";
export * from "./product-batch.js";
export * from "./products.js";
export * from "./shops.js";
export * from "./support.js";
export * from "./verification.js";

/** Every call of the contract, by area. */
export const allCalls = {
  auth: authCalls,
  catalogue: catalogueCalls,
  products: productCalls,
  productBatch: productBatchCalls,
  engagement: engagementCalls,
  shops: shopCalls,
  verification: verificationCalls,
  support: supportCalls,
  chat: chatCalls,
  geo: geoCalls,
  find: findCalls,
  notifications: notificationCalls,
  moderation: moderationCalls,
} as const satisfies Record<string, Record<string, CallDef>>;

/** The calls that take an Idempotency-Key (builds every call: for the server, not a first screen). */
export function idempotentCalls(): CallDef[] {
  return Object.values(allCalls)
    .flatMap((area) => Object.values(area) as CallDef[])
    .filter((call) => call.idempotent === true);
}
