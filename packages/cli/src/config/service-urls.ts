import { err, ok, type Result } from "@katale/domain";
import { cliMessages } from "../cli-messages.js";

// The two service base URLs: flag, else environment, else the one-process default (DESIGN §2).

export const DEFAULT_AUTH_URL = "http://localhost:8080/api/auth/";
export const DEFAULT_SHOP_URL = "http://localhost:8080/api/shop/";

export interface ServiceUrlFlags {
  readonly authUrl?: string | undefined;
  readonly shopUrl?: string | undefined;
}

export interface ResolvedServiceUrls {
  readonly authUrl: string;
  readonly shopUrl: string;
}

export type Environment = Readonly<Record<string, string | undefined>>;

/** The URLs to use, ending in "/"; a value that is not an http(s) URL is refused with a message. */
export function resolveServiceUrls(
  flags: ServiceUrlFlags,
  env: Environment,
): Result<ResolvedServiceUrls, string> {
  const auth = normalise("--auth-url", pick(flags.authUrl, env.KATALE_AUTH_URL, DEFAULT_AUTH_URL));
  if (!auth.ok) return auth;
  const shop = normalise("--shop-url", pick(flags.shopUrl, env.KATALE_SHOP_URL, DEFAULT_SHOP_URL));
  if (!shop.ok) return shop;
  return ok({ authUrl: auth.value, shopUrl: shop.value });
}

/** Empty strings (`KATALE_SHOP_URL=` in a shell) count as unset. */
function pick(...values: (string | undefined)[]): string {
  return values.find((v) => v !== undefined && v.trim() !== "")?.trim() ?? "";
}

function normalise(option: string, value: string): Result<string, string> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return err(cliMessages.invalidUrl(option, value));
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return err(cliMessages.invalidUrl(option, value));
  url.search = "";
  url.hash = "";
  const text = url.toString();
  return ok(text.endsWith("/") ? text : `${text}/`);
}
