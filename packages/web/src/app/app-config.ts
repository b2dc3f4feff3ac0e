/** What the server tells the web app at start (GET /app-config.json): service bases and the shop-link secret. */
export interface AppConfig {
  readonly authUrl: string;
  readonly shopUrl: string;
  readonly shopIdSecret: string;
}

/** The element of index.html the server fills with the same configuration as /app-config.json. */
export const INLINE_APP_CONFIG_ID = "app-config";

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
  const response = await fetchFn(new URL("/app-config.json", origin).href, {
    headers: { accept: "application/json" },
  });
  if (!response.ok) throw new Error(`app-config.json answered ${response.status}`);
  return toAppConfig(await response.json(), origin, "app-config.json");
}

function toAppConfig(raw: unknown, origin: string, source: string): AppConfig {
  const body = (typeof raw === "object" && raw !== null ? raw : {}) as Partial<
    Record<keyof AppConfig, unknown>
  >;
  const field = (name: keyof AppConfig): string => {
    const value = body[name];
    if (typeof value !== "string" || value === "") throw new Error(`${source} lacks ${name}`);
    return value;
  };
  return {
    authUrl: new URL(field("authUrl"), origin).href,
    shopUrl: new URL(field("shopUrl"), origin).href,
    shopIdSecret: field("shopIdSecret"),
  };
}
