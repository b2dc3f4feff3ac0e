import { z } from "zod";

// The web app's runtime configuration: what the server tells the built app at start instead of
// baking it in at build time (the two service bases and the shop-link secret, spec §5 calls it a
// client-side secret). The server answers it at GET /app-config.json and inlines the same JSON into
// index.html; the web app reads either.

/** Served at the site's root, outside both services. */
export const APP_CONFIG_PATH = "/app-config.json";

/** Id of the `<script type="application/json">` element of index.html that carries the inlined copy. */
export const INLINE_APP_CONFIG_ID = "app-config";

/**
 * The element of the page `/` that holds the home screen's first answers, keyed by the URL path the
 * app asks (e.g. "/api/shop/product/"): `{path: body}`. The app takes each once instead of asking.
 */
export const FIRST_SCREEN_ID = "first-screen";

export const appConfigWire = z.object({
  /** The auth service's base, relative to the site ("/api/auth/") or absolute. */
  authUrl: z.string().min(1),
  /** The shop service's base, relative to the site ("/api/shop/") or absolute. */
  shopUrl: z.string().min(1),
  shopIdSecret: z.string().min(1),
});
export type AppConfigWire = z.infer<typeof appConfigWire>;
