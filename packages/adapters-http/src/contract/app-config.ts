import { z } from "zod";

// The web app's runtime configuration: what the server tells the built app at start instead of
// baking it in at build time (the two service bases and the shop-link secret, spec §5 calls it a
// client-side secret). The server answers it at GET /app-config.json and inlines the same JSON into
// index.html; the web app reads either (its ids and path: page-ids.ts).

export const appConfigWire = z.object({
  /** The auth service's base, relative to the site ("/api/auth/") or absolute. */
  authUrl: z.string().min(1),
  /** The shop service's base, relative to the site ("/api/shop/") or absolute. */
  shopUrl: z.string().min(1),
  shopIdSecret: z.string().min(1),
});
export type AppConfigWire = z.infer<typeof appConfigWire>;
