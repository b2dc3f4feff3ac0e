// Where the web app finds what the server wrote into its page. Apart from app-config.ts, which
// builds a zod schema on load: the web app's first screen imports these, and loads no zod.

/** Served at the site's root, outside both services. */
export const APP_CONFIG_PATH = "/app-config.json";

/** Id of the `<script type="application/json">` element of index.html that carries the inlined copy. */
export const INLINE_APP_CONFIG_ID = "app-config";

/**
 * The element of the page `/` that holds the home screen's first answers, keyed by the URL path the
 * app asks (e.g. "/api/shop/product/"): `{path: body}`. The app takes each once instead of asking.
 */
export const FIRST_SCREEN_ID = "first-screen";
