import { messages } from "@katale/domain";

// Texts only the terminal client says. Shared wording (empty states, the service's 'not found'
// details) comes from the domain's messages.

export type ServiceName = "auth" | "shop";

export const cliMessages = {
  categoryNotFound: messages.api.categoryNotFound,
  subCategoryNotFound: messages.api.subCategoryNotFound,
  shopNotFound: messages.api.shopNotFound,
  productNotFound: messages.api.productNotFound,
  roomNotFound: messages.chat.roomNotFound,
  searchTextRequired: "Give the text to search for, e.g. katale products search phone",
  oneProductFilter: "Use only one of --category, --sub-category and --shop.",
  cannotReach: (service: ServiceName, url: string) =>
    `Cannot reach the ${service} service at ${url}: is the server running?`,
  serviceFailed: (service: ServiceName, url: string, status: number | undefined) =>
    `The ${service} service at ${url} failed${status === undefined ? "" : ` (HTTP ${status})`}: ${messages.otp.serverDown}`,
  unexpectedAnswer: (service: ServiceName, url: string) =>
    `The ${service} service at ${url} gave an answer katale does not understand: is that the right URL?`,
  pastLastPage: (page: number) => `${messages.products.noMoreProducts}: page ${page} is past the last page.`,
  invalidUrl: (option: string, value: string) =>
    `${option} must be an http:// or https:// URL, got '${value}'.`,
  /** `commandPath` from the program name on: "katale products list". */
  usageHint: (commandPath: string) => `Run '${commandPath} --help' for usage.`,
  unexpected: (detail: string) => `katale: unexpected error: ${detail}`,
  wholeNumberFrom: (min: number) => `Expected a whole number of at least ${min}.`,
  wholeNumberBetween: (min: number, max: number) => `Expected a whole number from ${min} to ${max}.`,
  emptyValue: "Expected a value.",
} as const;
