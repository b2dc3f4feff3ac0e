import type { AddressSuggestions, AuthGateway, UserVerificationGateway } from "@katale/domain";
import { AddressSuggestionsHttpGateway } from "../geo/address-suggestions-http-gateway.js";
import type { FetchLike } from "../http/fetch-like.js";
import { HttpClient, type ServiceUrls } from "../http/http-client.js";
import { UserVerificationHttpGateway } from "../verification/user-verification-http-gateway.js";
import { AuthHttpGateway } from "./auth-http-gateway.js";

export interface AccountGateways {
  readonly auth: AuthGateway;
  readonly userVerification: UserVerificationGateway;
  readonly addresses: AddressSuggestions;
}

export interface AccountGatewayOptions extends ServiceUrls {
  /** The global `fetch` (browsers, Node) or any function shaped like it (tests). */
  readonly fetch: FetchLike;
}

/** The account ports over HTTP (auth service; address suggestions on the shop service), sharing one client. */
export function createAccountGateways(options: AccountGatewayOptions): AccountGateways {
  const http = new HttpClient({ authUrl: options.authUrl, shopUrl: options.shopUrl }, options.fetch);
  return {
    auth: new AuthHttpGateway(http),
    userVerification: new UserVerificationHttpGateway(http),
    addresses: new AddressSuggestionsHttpGateway(http),
  };
}
