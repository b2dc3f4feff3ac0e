import { APP_CONFIG_PATH, type AppConfigWire, INLINE_APP_CONFIG_ID } from "@katale/adapters-http/contract";

/**
 * What the server tells the web app at start (contract/app-config.ts): service bases, made absolute
 * here, and the shop-link secret.
 */
export type AppConfig = Readonly<AppConfigWire>;

/**
 * The runtime configuration: the copy the server inlined into index.html when there is one (no round
 * trip before the first render on a slow network), otherwise GET /app-config.json (the Vite dev
 * server, or an index.html served as a plain file).
 */
export async function resolveAppConfig(
  document: Pick<Document, "getElementById">,
  origin: string,
  fetchFn: typeof fetch = fetch,
): Promise<AppConfig> {
  const inlined = readInlineAppConfig(document, origin);
  return inlined ?? loadAppConfig(origin, fetchFn);
}

/** The configuration inlined into the page, or null when the element is missing, empty or unreadable. */
export function readInlineAppConfig(
  document: Pick<Document, "getElementById">,
  origin: string,
): AppConfig | null {
  const text = document.getElementById(INLINE_APP_CONFIG_ID)?.textContent?.trim() ?? "";
  if (text === "") return null;
  try {
    return toAppConfig(JSON.parse(text), origin, "the inlined app-config");
  } catch {
    return null;
  }
}

/**
 * Loads the runtime configuration. The server answers relative bases ("/api/shop/"); they are made
 * absolute against the page's origin because the HTTP client and media URLs need an origin.
 */
export async function loadAppConfig(origin: string, fetchFn: typeof fetch = fetch): Promise<AppConfig> {
  const response = await fetchFn(new URL(APP_CONFIG_PATH, origin).href, {
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`${APP_CONFIG_PATH} answered ${response.status}`);
  return toAppConfig(await response.json(), origin, APP_CONFIG_PATH);
}

/** The contract's fields (`appConfigWire`: each a non-empty string), checked by hand: no zod at start-up. */
const FIELDS = ["authUrl", "shopUrl", "shopIdSecret"] as const satisfies readonly (keyof AppConfigWire)[];

function toAppConfig(raw: unknown, origin: string, source: string): AppConfig {
  const body = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const missing = FIELDS.filter((field) => typeof body[field] !== "string" || body[field] === "");
  if (missing.length > 0) throw new Error(`${source} lacks ${missing.join(", ")}`);
  const { authUrl, shopUrl, shopIdSecret } = body as unknown as AppConfigWire;
  return {
    authUrl: new URL(authUrl, origin).href,
    shopUrl: new URL(shopUrl, origin).href,
    shopIdSecret,
  };
}
