import type { DomainError, WordedError } from "@katale/domain";
import { useCallback } from "react";
import type { ServiceName } from "../cli-messages.js";
import { accountFailureText, failureText, sellingFailureText } from "./failure-text.js";
import { useTuiServices } from "./tui-context.js";

// The feature hooks' words for a failure: failure-text.ts, with the URLs of this run.

/** A failed call's line (`notFound` for a 404 of the thing asked for). */
export function useFailureText(
  service: ServiceName = "shop",
  notFound?: string,
): (error: DomainError) => string {
  const { urls } = useTuiServices();
  return useCallback(
    (error: DomainError) => failureText(error, urls, service, notFound),
    [urls, service, notFound],
  );
}

/** A failed account step's line. */
export function useAccountFailureText(): (failure: WordedError) => string {
  const { urls } = useTuiServices();
  return useCallback((failure: WordedError) => accountFailureText(failure, urls), [urls]);
}

/** A failed shop owner's step's line. */
export function useSellingFailureText(): (failure: WordedError) => string {
  const { urls } = useTuiServices();
  return useCallback((failure: WordedError) => sellingFailureText(failure, urls), [urls]);
}
