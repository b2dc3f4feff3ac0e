import { messages } from "@katale/domain";

// Texts only the terminal client says. Shared wording (empty states, the service's 'not found'
// details) comes from the domain's messages.

export type ServiceName = "auth" | "shop";

/**
 * When a service's base URL does not end in /api/<service>/ (a server's address given alone, say):
 * the URL it most likely meant. Else "".
 */
export function baseUrlHint(service: ServiceName, url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "";
  }
  const path = `/api/${service}/`;
  if (parsed.pathname.endsWith(path)) return "";
  const base = parsed.pathname.replace(/\/+$/, "").replace(/\/api(\/(shop|auth))?$/, "");
  return ` The ${service} service's URL ends in ${path}: try --${service}-url ${parsed.origin}${base}${path}`;
}

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
    `The ${service} service at ${url} failed${status === undefined ? "" : ` (HTTP ${status})`}: ${messages.otp.serverDown}${baseUrlHint(service, url)}`,
  unexpectedAnswer: (service: ServiceName, url: string) =>
    `The ${service} service at ${url} gave an answer katale does not understand: is that the right URL?${baseUrlHint(service, url)}`,
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
