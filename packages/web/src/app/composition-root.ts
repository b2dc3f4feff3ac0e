import {
  AesShopIdCipher,
  createDeferredHttpGateways,
  DeferredChatConnector,
  DeferredNotificationConnector,
  type FetchLike,
  type WebSocketConstructor,
} from "@katale/adapters-http";
import { browserLocalStorage, browserSessionStorage } from "@katale/adapters-storage/browser";
import { type Clock, mediaUrl, type Timers } from "@katale/domain";
import { withSavedCopy } from "../pwa/saved-copy.js";
import type { AppConfig } from "./app-config.js";
import { firstScreenAnswers } from "./first-screen-fetch.js";
import type { AdminServices, ModerationServices, Services } from "./services.js";
import { uploadAwareFetch } from "./upload-aware-fetch.js";

// The one place where the domain's ports meet their adapters in the browser: the HTTP gateways, the
// browser's storage, the shop-link cipher and the clock, built once. Screens never see how:
// main.tsx hands the services to React through ServicesProvider.
//
// Plain construction rather than the inversify container the CLI uses: the container and
// reflect-metadata cost 19 KB of gzipped JavaScript on every first visit (issue 13, measured with the
// bundle budget), for wiring that is these few lines.

// fetch, but multipart bodies (pictures) go through XHR so the product form can show upload progress.
const browserFetch: FetchLike = uploadAwareFetch;

const browserClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

const browserTimers: Timers = {
  after: (ms, fn) => {
    const timer = setTimeout(fn, ms);
    return () => clearTimeout(timer);
  },
};

/** The app's services for this configuration. */
export function connectServices(config: AppConfig, fetchFn: FetchLike = browserFetch): Services {
  // The first answers of the home, product and category pages come inlined in the page: taken from
  // there instead of asked (first-screen-fetch.ts), read as they are (no zod, no gateway code).
  // Every gateway loads with the contract and zod on its first call that asks a service.
  const inlined = firstScreenAnswers();
  const http = createDeferredHttpGateways({
    authUrl: config.authUrl,
    shopUrl: config.shopUrl,
    // The worker's saved copies are noted (the offline banner); writes fail at once offline.
    fetch: inlined.fetch(withSavedCopy(fetchFn)),
    inlined: inlined.read,
  });
  let admin: Promise<AdminServices> | undefined;
  let moderation: Promise<ModerationServices> | undefined;
  return {
    ...http,
    // Loaded when a room is first opened. The browser's WebSocket: its handlers take Events where the
    // connector's port says `unknown`.
    chatSockets: new DeferredChatConnector(() =>
      import("@katale/adapters-http/chat-socket").then(
        (m) => new m.ChatSocketConnector(config.shopUrl, WebSocket as unknown as WebSocketConstructor),
      ),
    ),
    // Loaded by the bell, after the first screen.
    notificationSockets: new DeferredNotificationConnector(() =>
      import("@katale/adapters-http/notification-socket").then(
        (m) =>
          new m.NotificationSocketConnector(config.shopUrl, WebSocket as unknown as WebSocketConstructor),
      ),
    ),
    admin: () => {
      admin ??= import("./admin-services.js").then((m) => m.connectAdminServices(config, fetchFn));
      return admin;
    },
    moderation: () => {
      moderation ??= import("./moderation-services.js").then((m) =>
        m.connectModerationServices(config, fetchFn),
      );
      return moderation;
    },
    shopIds: new AesShopIdCipher(config.shopIdSecret),
    local: browserLocalStorage(),
    session: browserSessionStorage(),
    clock: browserClock,
    timers: browserTimers,
    media: (path) => mediaUrl(config.shopUrl, path),
  };
}
