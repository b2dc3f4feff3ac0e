import type { DomainError, WordedError } from "@katale/domain";
import { accountFailure } from "../auth/account-failure.js";
import { failureFrom } from "../cli-failure.js";
import type { ServiceName } from "../cli-messages.js";
import type { ResolvedServiceUrls } from "../config/service-urls.js";
import { sellingFailureOf } from "../selling/selling-run.js";

// The one line the TUI shows for a failed call: the same words as the commands (a service that is
// down is named with its URL), never a stack.

export function failureText(
  error: DomainError,
  urls: ResolvedServiceUrls,
  service: ServiceName = "shop",
  notFound?: string,
): string {
  const url = service === "shop" ? urls.shopUrl : urls.authUrl;
  return failureFrom(error, { service, url, ...(notFound === undefined ? {} : { notFound }) }).message;
}

/** A failed account step (login, logout, who am I), in the commands' words. */
export function accountFailureText(failure: WordedError, urls: ResolvedServiceUrls): string {
  return accountFailure(failure, urls.authUrl).message;
}

/** A failed shop owner's or admin's step, in the commands' words. */
export function sellingFailureText(failure: WordedError, urls: ResolvedServiceUrls): string {
  return sellingFailureOf(failure, urls.shopUrl).message;
}
