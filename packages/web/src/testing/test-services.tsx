import { memoryLocalStorage, memoryStore } from "@katale/adapters-storage/browser";
import { MemoryOutbox, sessionStorageSchemas } from "@katale/domain";
import {
  InMemoryAddressSuggestions,
  InMemoryAuthGateway,
  InMemoryCategoryGateway,
  InMemoryChat,
  InMemoryEngagementGateway,
  InMemoryModerationGateway,
  InMemoryNotifications,
  InMemoryProductFinder,
  InMemoryProductGateway,
  InMemorySellerGateway,
  InMemoryShopGateway,
  InMemorySupportGateway,
  InMemoryUserVerificationGateway,
  ReversibleShopIdCipher,
} from "@katale/domain/testing";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { queryAllByRole, type RenderResult, render, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import type { Services } from "../app/services.js";
import { ServicesProvider } from "../app/services-context.js";
import { LoginPromptProvider } from "../auth/login-prompt-context.js";
import { MemorySavedRooms } from "../chat/kept-rooms.js";
import { NoticeProvider } from "../ui/notices.js";

/** Services over the domain's in-memory fakes; override what a test cares about. */
export function testServices(overrides: Partial<Services> = {}): Services {
  // One fake holds saves, follows, ratings, reviews and history, as the server does.
  const engagement = new InMemoryEngagementGateway([], []);
  // One fake holds a seller's shops, products and verification requests.
  const seller = new InMemorySellerGateway();
  // One fake holds the chat's rooms and its live connections.
  const chat = new InMemoryChat();
  // One fake holds the inboxes and the users' notification sockets.
  const notifications = new InMemoryNotifications();
  return {
    categories: new InMemoryCategoryGateway([], []),
    products: new InMemoryProductGateway([]),
    shops: new InMemoryShopGateway([]),
    support: new InMemorySupportGateway(),
    auth: new InMemoryAuthGateway(),
    userVerification: new InMemoryUserVerificationGateway(),
    addresses: new InMemoryAddressSuggestions(),
    reviews: engagement,
    savedProducts: engagement,
    follows: engagement,
    ratings: engagement,
    browseHistory: engagement,
    shopAdmin: seller,
    productAdmin: seller,
    shopVerification: seller,
    chat,
    chatSockets: chat,
    // Each test's own: what one leaves waiting never shows in the next.
    chatOutbox: new MemoryOutbox(),
    chatSavedRooms: new MemorySavedRooms(),
    finder: new InMemoryProductFinder([]),
    notifications,
    notificationSockets: notifications,
    moderation: (() => {
      const gateway = new InMemoryModerationGateway();
      return () => Promise.resolve({ reports: gateway, moderation: gateway });
    })(),
    admin: () => Promise.reject(new Error("no admin services in this test: pass `admin`")),
    shopIds: new ReversibleShopIdCipher(),
    local: memoryLocalStorage(),
    session: memoryStore(sessionStorageSchemas),
    clock: { now: () => new Date(), sleep: async () => {} },
    timers: {
      after: (ms, fn) => {
        const timer = setTimeout(fn, ms);
        return () => clearTimeout(timer);
      },
    },
    media: (path) => path ?? null,
    ...overrides,
  };
}

export interface RenderOptions {
  /** The route pattern `ui` is mounted at (default "/"). */
  readonly path?: string;
  /** Where the test starts (default `path`). */
  readonly at?: string;
}

/**
 * Renders `ui` at `path` with the app's providers; any other path renders "elsewhere" and the path
 * it was reached at (`data-testid="location"`), to see navigation.
 */
export function renderWithServices(
  ui: ReactNode,
  services: Services = testServices(),
  { path = "/", at = path }: RenderOptions = {},
): RenderResult {
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <LoginPromptProvider>
            <NoticeProvider>{ui}</NoticeProvider>
          </LoginPromptProvider>
        ),
      },
      { path: "*", element: <Elsewhere /> },
    ],
    { initialEntries: [at] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ServicesProvider services={services}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ServicesProvider>,
  );
}

/** matchMedia answering as a screen of `width` px would (the narrow layouts are <= 768 px). */
export function setScreenWidth(width: number): void {
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    const matches = max ? width <= Number(max[1]) : false;
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  }) as typeof window.matchMedia;
}

function Elsewhere() {
  const location = useLocation();
  return (
    <p data-testid="location" data-path={`${location.pathname}${location.search}`}>
      elsewhere
    </p>
  );
}

/** Test services whose engagement ports (saves, follows, ratings, reviews, history) are all `engagement`. */
export function engagementServices(engagement: InMemoryEngagementGateway): Services {
  return testServices({
    reviews: engagement,
    savedProducts: engagement,
    follows: engagement,
    ratings: engagement,
    browseHistory: engagement,
  });
}

/** Stores the session keys a login leaves (token, user id, name), as the app reads them. */
export function signIn(services: Services, user: { id: number; token: string; name: string }): void {
  services.local.set("token", user.token);
  services.local.set("userdid", user.id);
  services.local.set("loggedInUserName", user.name);
}

/** Test services whose seller ports (shops, products, shop verification) are all `seller`. */
export function sellerServices(seller: InMemorySellerGateway, overrides: Partial<Services> = {}): Services {
  return testServices({
    shopAdmin: seller,
    productAdmin: seller,
    shopVerification: seller,
    ...overrides,
  });
}

/** Test services whose chat ports (calls and live connections) are both `chat`. */
export function chatServices(chat: InMemoryChat, overrides: Partial<Services> = {}): Services {
  return testServices({ chat, chatSockets: chat, ...overrides });
}

/**
 * Waits for an alert that says `text` (contains it, or is exactly it with `exact`). A page can show more
 * than one alert, and an earlier one (a success banner, a list's own line) may still be up while the
 * one asserted arrives: the first alert found is not necessarily the one meant.
 */
export function findAlert(
  text: string,
  { exact = false, within: container = document.body }: { exact?: boolean; within?: HTMLElement } = {},
): Promise<HTMLElement> {
  return waitFor(() => {
    const alerts = queryAllByRole(container, "alert");
    const match = alerts.find((alert) =>
      exact ? alert.textContent === text : (alert.textContent ?? "").includes(text),
    );
    if (match === undefined)
      throw new Error(
        `No alert says ${JSON.stringify(text)}; the alerts say ${JSON.stringify(alerts.map((a) => a.textContent))}`,
      );
    return match;
  });
}
