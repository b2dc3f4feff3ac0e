import type { HttpGateways } from "@katale/adapters-http";
import { CHAT_PROTOCOL } from "@katale/adapters-http/contract";
import {
  authFailure,
  type DomainError,
  mediaUrl,
  messages,
  type Product,
  type Result,
  type Shop,
} from "@katale/domain";
import { failureFrom } from "../cli-failure.js";
import type { ServiceName } from "../cli-messages.js";
import { smokeMessages } from "./smoke-messages.js";

/** The ports a smoke run calls, each bounded by the run's --timeout. */
export type SmokePorts = Pick<
  HttpGateways,
  "categories" | "products" | "shops" | "support" | "auth" | "savedProducts" | "follows" | "chat"
>;

/** How a room's socket answered: open with this subprotocol (then closed), or refused with a status. */
export type ChatSocketAnswer = { readonly protocol: string } | { readonly refused: number };

/** What a smoke run talks to. */
export interface SmokeTarget {
  readonly shopUrl: string;
  readonly authUrl: string;
  readonly ports: SmokePorts;
  /** A plain GET (health, the first image, the API reference), bounded like the ports. */
  readonly get: (url: string) => Promise<{ status: number; contentType: string; body: Uint8Array }>;
  /** Opens the room's socket with the token (subprotocols katale.chat.v1 and bearer.<token>), then closes it. */
  readonly chatSocket: (slug: string, token: string) => Promise<ChatSocketAnswer>;
}

export interface SmokeAccount {
  readonly email: string;
  readonly password: string;
}

/** One check: its name as reports show it, and what it does (a failure throws SmokeFailure). */
export interface SmokeCheck {
  readonly name: string;
  /** The service it needs: once that service cannot be reached, the check is not tried. */
  readonly service: ServiceName;
  readonly run: () => Promise<unknown>;
  /** A gate (health): when it fails in any way, the other checks of its server are not tried. */
  readonly gate?: boolean;
}

/** A check that failed: `unreachable` when the service did not answer at all. */
export class SmokeFailure extends Error {
  constructor(
    message: string,
    readonly unreachable = false,
  ) {
    super(message);
    this.name = "SmokeFailure";
  }
}

/** A check not run because an earlier check did not find what it needs: it took no time. */
export class SmokeNotRun extends SmokeFailure {}

/**
 * The checks of `katale smoke`, in order: what a visitor needs (health, catalogue, products, an
 * image, search, shops, FAQs, the API reference), then with an account what a signed-in user does
 * (save, follow, open a chat socket).
 * Later checks use what earlier ones found (a product, a shop, the token); everything the account
 * checks create, they remove.
 */
export function smokeChecks(target: SmokeTarget, account?: SmokeAccount): SmokeCheck[] {
  const { ports } = target;
  const found: { product?: Product; products: Product[]; shops: Shop[]; token?: string; userId?: number } = {
    products: [],
    shops: [],
  };
  const shop = <T>(result: Result<T>) => value(result, "shop", target.shopUrl);
  const auth = <T>(result: Result<T, DomainError>) => authValue(result, target.authUrl);
  const need = <T>(thing: T | undefined, what: string): T => {
    if (thing === undefined) throw new SmokeNotRun(smokeMessages.needs(what));
    return thing;
  };

  const checks: SmokeCheck[] = [
    ...healthChecks(target),
    {
      name: "categories",
      service: "shop",
      run: async () => nonEmpty(shop(await ports.categories.listCategories()), "categories"),
    },
    {
      name: "sub categories",
      service: "shop",
      run: async () => nonEmpty(shop(await ports.categories.listSubCategories()), "sub categories"),
    },
    {
      name: "products page",
      service: "shop",
      run: async () => {
        const page = shop(await ports.products.listProductsPage(1, 20));
        found.products = nonEmpty([...page.items], "products");
        found.product = found.products.find((p) => p.images.length > 0) ?? found.products[0];
      },
    },
    {
      name: "product by slug",
      service: "shop",
      run: async () => {
        const product = need(found.product, "a product");
        const bySlug = shop(await ports.products.getProductBySlug(product.slug));
        if (bySlug.id !== product.id) throw new SmokeFailure(smokeMessages.wrongProduct(product.slug));
      },
    },
    {
      name: "product image",
      service: "shop",
      run: async () => {
        const product = need(found.product, "a product");
        const url = mediaUrl(target.shopUrl, product.images[0]);
        if (url === null) throw new SmokeFailure(smokeMessages.noImage(product.slug));
        const image = await reach(() => target.get(url), url);
        if (image.status !== 200) throw new SmokeFailure(smokeMessages.status(url, image.status));
        if (!image.contentType.startsWith("image/") || image.body.length === 0) {
          throw new SmokeFailure(smokeMessages.notAnImage(url, image.contentType));
        }
      },
    },
    {
      name: "search",
      service: "shop",
      run: async () => {
        const product = need(found.product, "a product");
        const word = searchWord(product.name);
        const results = shop(await ports.products.searchProducts(word));
        if (!results.some((p) => p.id === product.id)) {
          throw new SmokeFailure(smokeMessages.notFoundBySearch(product.name, word));
        }
      },
    },
    {
      name: "shops",
      service: "shop",
      run: async () => {
        found.shops = nonEmpty(shop(await ports.shops.listShops()), "shops");
      },
    },
    {
      name: "faqs",
      service: "shop",
      run: async () => {
        shop(await ports.support.listFaqs());
      },
    },
    {
      name: "api reference",
      service: "shop",
      run: async () => {
        const url = new URL("/api/docs/json", target.shopUrl).href;
        const docs = await reach(() => target.get(url), url);
        if (docs.status !== 200) throw new SmokeFailure(smokeMessages.status(url, docs.status));
        const text = new TextDecoder().decode(docs.body);
        if (!/"openapi"\s*:/.test(text)) throw new SmokeFailure(smokeMessages.notApiDocs(url));
      },
    },
  ];
  if (account === undefined) return checks;

  return [
    ...checks,
    {
      name: "login",
      service: "auth",
      run: async () => {
        const session = auth(await ports.auth.login({ username: account.email, password: account.password }));
        found.token = session.token;
        found.userId = session.user.id;
      },
    },
    {
      name: "users/me",
      service: "auth",
      run: async () => {
        const me = auth(await ports.auth.me(need(found.token, "a login")));
        if (me.user.email.toLowerCase() !== account.email.toLowerCase()) {
          throw new SmokeFailure(smokeMessages.wrongUser(account.email, me.user.email));
        }
      },
    },
    {
      name: "save and unsave",
      service: "shop",
      run: async () => {
        const token = need(found.token, "a login");
        // A product the account has not saved already, so that unsaving leaves its wishlist as it was.
        const saved = new Set(
          shop(await ports.savedProducts.listSaved(token)).items.map((i) => i.product.id),
        );
        const product = found.products.find((p) => !saved.has(p.id));
        if (product === undefined) throw new SmokeFailure(smokeMessages.allSaved);
        const { record } = shop(await ports.savedProducts.save(token, product.id));
        shop(await ports.savedProducts.unsave(token, record.savedProductId));
      },
    },
    {
      name: "follow and unfollow",
      service: "shop",
      run: async () => {
        const token = need(found.token, "a login");
        const followed = new Set(
          shop(await ports.follows.listFollowed(need(found.userId, "a login"))).map((f) => f.shop.id),
        );
        const target = found.shops.find((s) => !followed.has(s.id));
        if (target === undefined) throw new SmokeFailure(smokeMessages.allFollowed);
        const { record } = shop(await ports.follows.follow(token, target.id));
        shop(await ports.follows.unfollow(token, record.id));
      },
    },
    {
      name: "chat socket",
      service: "shop",
      run: async () => {
        const token = need(found.token, "a login");
        const me = need(found.userId, "a login");
        // A room the account already has as customer; otherwise one opened with a shop it does not
        // own, removed again afterwards (it stays empty: nothing is sent).
        const rooms = shop(await ports.chat.listRooms(token));
        let slug = rooms.find((r) => r.customer.id === me)?.slug;
        let opened = false;
        if (slug === undefined) {
          const other = found.shops.find((s) => s.owner !== me);
          if (other === undefined) throw new SmokeFailure(smokeMessages.noOtherShop);
          slug = shop(await ports.chat.openRoom(token, other.id));
          opened = true;
        }
        const url = `${target.shopUrl}chat/${slug}/`;
        try {
          const answer = await reach(() => target.chatSocket(need(slug, "a room"), token), url);
          if ("refused" in answer) throw new SmokeFailure(smokeMessages.socketRefused(answer.refused));
          if (answer.protocol !== CHAT_PROTOCOL)
            throw new SmokeFailure(smokeMessages.wrongProtocol(answer.protocol));
        } finally {
          if (opened) shop(await ports.chat.removeRoom(token, slug));
        }
      },
    },
    {
      name: "logout",
      service: "auth",
      run: async () => {
        auth(await ports.auth.logout(need(found.token, "a login")));
      },
    },
  ];
}

/** GET /api/health on each server (one when both services share an origin). */
function healthChecks(target: SmokeTarget): SmokeCheck[] {
  const shopHealth = new URL("/api/health", target.shopUrl).href;
  const authHealth = new URL("/api/health", target.authUrl).href;
  const check = (name: string, service: ServiceName, url: string): SmokeCheck => ({
    name,
    service,
    gate: true,
    run: async () => {
      const answer = await reach(() => target.get(url), url);
      if (answer.status !== 200) throw new SmokeFailure(smokeMessages.status(url, answer.status));
    },
  });
  return shopHealth === authHealth
    ? [check("health", "shop", shopHealth)]
    : [check("health (shop)", "shop", shopHealth), check("health (auth)", "auth", authHealth)];
}

/** A call's value, or a SmokeFailure saying what went wrong in the words the other commands use. */
function value<T>(result: Result<T, DomainError>, service: ServiceName, url: string): T {
  if (result.ok) return result.value;
  throw new SmokeFailure(
    failureFrom(result.error, { service, url }).message,
    result.error.kind === "network",
  );
}

const SHARED_KINDS: ReadonlySet<string> = new Set<DomainError["kind"]>([
  "network",
  "not-found",
  "invalid-page",
  "invalid",
  "unauthorized",
  "forbidden",
  "server",
]);

/** An auth call's value; a refusal (wrong password, not verified, too many tries) in the spec's words. */
function authValue<T>(result: Result<T, DomainError>, url: string): T {
  if (result.ok) return result.value;
  const error = result.error;
  if (SHARED_KINDS.has(error.kind)) return value({ ok: false, error: error as DomainError }, "auth", url);
  const wording = {
    "invalid-credentials": messages.login.invalidCredentials,
    "not-verified": messages.login.userNotVerified,
    otherwise: error.kind,
  };
  throw new SmokeFailure(authFailure(error, wording).message);
}

async function reach<T>(get: () => Promise<T>, url: string): Promise<T> {
  try {
    return await get();
  } catch {
    throw new SmokeFailure(smokeMessages.cannotReach(url), true);
  }
}

function nonEmpty<T>(items: T[], what: string): T[] {
  if (items.length === 0) throw new SmokeFailure(smokeMessages.empty(what));
  return items;
}

/** The longest word of a product's name (at least 3 letters where there is one): what a person would type. */
export function searchWord(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
  return words.reduce((best, w) => (w.length > best.length ? w : best), words[0] ?? name);
}
