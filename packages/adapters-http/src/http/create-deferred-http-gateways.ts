import type { HttpGateways, HttpGatewaysOptions } from "./create-http-gateways.js";
import { deferredGateways } from "./deferred-gateways.js";
import { type InlinedAnswers, withInlinedFirstScreen } from "./inlined-first-screen.js";

// Imports create-http-gateways.ts only lazily: a static import would put every gateway, the
// contract's call definitions and zod (~40 KB gzipped) back into a first visit's download.

export interface DeferredHttpGatewaysOptions extends HttpGatewaysOptions {
  /** The answers the page was sent with for its first screen (inlined-first-screen.ts). */
  readonly inlined?: InlinedAnswers;
}

/**
 * The same ports for a browser's first visit: every gateway loads its code, the contract and zod on
 * the first call that asks a service (deferred-gateways.ts); the first screen's calls that the page
 * carries the answers of are answered from them without loading anything (inlined-first-screen.ts).
 */
export function createDeferredHttpGateways(options: DeferredHttpGatewaysOptions): HttpGateways {
  const gateways = deferredGateways(() =>
    import("./create-http-gateways.js").then((module) => module.createHttpGateways(options)),
  );
  return options.inlined === undefined
    ? gateways
    : withInlinedFirstScreen(gateways, options.shopUrl, options.inlined);
}
