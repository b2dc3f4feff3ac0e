import {
  addReview,
  listBrowseHistory,
  listFollowedShops,
  listSavedProducts,
  loadReviews,
  type Product,
  type Result,
  rateProduct,
  setFollowing,
  setSaved,
} from "@katale/domain";
import type { Command } from "commander";
import { CliFailure } from "../cli-failure.js";
import { cliMessages } from "../cli-messages.js";
import { parsePageNumber } from "../config/option-parsers.js";
import type { Invocation, Invoke } from "../invocation.js";
import { findShop } from "../shops/find-shop.js";
import { engagementCliMessages } from "./engagement-cli-messages.js";
import {
  type FollowChange,
  isPastEnd,
  parseStars,
  renderFollowChange,
  renderFollowedShops,
  renderHistory,
  renderRating,
  renderReviewAdded,
  renderReviews,
  renderSaveChange,
  renderSavedProducts,
} from "./engagement-render.js";
import type { EngagementServices } from "./engagement-services.js";

/** An all-digit argument is an id; anything else a slug (or a shop's name). */
const NUMERIC_ID = /^\d+$/;

/**
 * `katale saved [add|remove]`, `follow`, `unfollow`, `following`, `rate`, `review`, `reviews`,
 * `history`: thin actions over the domain's engagement use cases, on the session `login` stored.
 */
export function registerEngagementCommands(program: Command, invoke: Invoke): void {
  const saved = program
    .command("saved")
    .description("your saved products (wishlist); add or remove one")
    .action(async (_options: object, command: Command) => {
      const run = invoke(command);
      const list = signedIn(run, await listSavedProducts(engagementOf(run)));
      run.show(list, renderSavedProducts);
    });

  saved
    .command("add")
    .description("save a product to your wishlist")
    .argument("<slug>", "the product's slug (or its id)")
    .action(async (slug: string, _options: object, command: Command) => {
      await changeSaved(invoke(command), slug, true);
    });

  saved
    .command("remove")
    .description("remove a product from your wishlist")
    .argument("<slug>", "the product's slug (or its id)")
    .action(async (slug: string, _options: object, command: Command) => {
      await changeSaved(invoke(command), slug, false);
    });

  program
    .command("follow")
    .description("follow a shop")
    .argument("<shop>", "the shop's id or name (see katale shops list)")
    .action(async (shop: string, _options: object, command: Command) => {
      await changeFollow(invoke(command), shop, true);
    });

  program
    .command("unfollow")
    .description("stop following a shop")
    .argument("<shop>", "the shop's id or name (see katale following)")
    .action(async (shop: string, _options: object, command: Command) => {
      await changeFollow(invoke(command), shop, false);
    });

  program
    .command("following")
    .description("the shops you follow")
    .action(async (_options: object, command: Command) => {
      const run = invoke(command);
      const records = signedIn(run, await listFollowedShops(engagementOf(run)));
      run.show(records, renderFollowedShops);
    });

  program
    .command("rate")
    .description("rate a product: 0 to 5 stars in half steps (rating again replaces your rating)")
    .argument("<slug>", "the product's slug (or its id)")
    .argument("<stars>", "0, 0.5, 1 … 5")
    .action(async (slug: string, starsText: string, _options: object, command: Command) => {
      const run = invoke(command);
      const stars = parseStars(starsText);
      if (stars === null) throw new CliFailure(engagementCliMessages.invalidStars(starsText));
      const engagement = engagementOf(run);
      requireSession(engagement);
      const product = await findProduct(run, slug);
      const rated = signedIn(run, await rateProduct(engagement, product.id, stars));
      run.show(
        rated,
        (r) => renderRating(r, product.name),
        (r) => ({ productId: product.id, slug: product.slug, ...r }),
      );
    });

  program
    .command("review")
    .description("write a review of a product (plain text, at most 2,000 characters)")
    .argument("<slug>", "the product's slug (or its id)")
    .argument("<text...>", "the review")
    .action(async (slug: string, words: string[], _options: object, command: Command) => {
      const run = invoke(command);
      const engagement = engagementOf(run);
      requireSession(engagement);
      const product = await findProduct(run, slug);
      const comment = signedIn(run, await addReview(engagement, product.id, words.join(" ")));
      run.show(comment, (c, width) => renderReviewAdded(c, product.name, width));
    });

  program
    .command("reviews")
    .description("a product's reviews, newest first, 4 a page")
    .argument("<slug>", "the product's slug (or its id)")
    .option("--page <n>", "page to show", parsePageNumber, 1)
    .action(async (slug: string, options: { page: number }, command: Command) => {
      const run = invoke(command);
      const engagement = engagementOf(run);
      const product = await findProduct(run, slug);
      const page = run.unwrap(await loadReviews(engagement, product.id, options.page), {
        notFound: cliMessages.productNotFound,
        page: options.page,
      });
      // The domain reads a page past the end as an empty last page; like `products list`, that fails.
      if (isPastEnd(page)) throw new CliFailure(engagementCliMessages.reviewsPastEnd(page.page));
      run.show(page, (p, width) => renderReviews(p, product.name, width));
    });

  program
    .command("history")
    .description("the products you viewed, most recent first")
    .action(async (_options: object, command: Command) => {
      const run = invoke(command);
      const history = signedIn(run, await listBrowseHistory(engagementOf(run)));
      run.show(history, renderHistory);
    });
}

function engagementOf(run: Invocation): EngagementServices {
  const engagement = run.services.engagement;
  if (engagement === undefined)
    throw new CliFailure(cliMessages.unexpected("engagement services are not configured"));
  return engagement;
}

/** Stops with 'You need to login first' before any request when no session is stored. */
function requireSession(engagement: EngagementServices): void {
  if (engagement.storage.get("token") === null) throw new CliFailure(engagementCliMessages.loginFirst);
}

/** The value of a signed-in call; without a stored session the login hint, other failures as usual. */
function signedIn<T>(run: Invocation, result: Result<T>, context?: { readonly notFound?: string }): T {
  if (
    !result.ok &&
    result.error.kind === "not-logged-in" &&
    run.services.engagement?.storage.get("token") == null
  )
    throw new CliFailure(engagementCliMessages.loginFirst);
  return run.unwrap(result, context);
}

async function findProduct(run: Invocation, slug: string): Promise<Product> {
  const { products } = run.services;
  const found = NUMERIC_ID.test(slug)
    ? await products.getProduct(Number(slug))
    : await products.getProductBySlug(slug);
  return run.unwrap(found, { notFound: cliMessages.productNotFound });
}

/**
 * `saved add` (save: true) and `saved remove`: sets the state, so running it twice is safe; adding a
 * product saved already or removing one that is not saved says so.
 */
async function changeSaved(run: Invocation, slug: string, save: boolean): Promise<void> {
  const engagement = engagementOf(run);
  requireSession(engagement);
  const product = await findProduct(run, slug);
  const state = signedIn(run, await setSaved(engagement, product.id, save));
  const already = save ? engagementCliMessages.alreadySaved : engagementCliMessages.notSaved;
  const message = state.already ? already : state.message;
  run.show({ message, saved: state.saved, productName: product.name }, renderSaveChange, (c) => ({
    message: c.message,
    saved: c.saved,
    productId: product.id,
    slug: product.slug,
  }));
}

/**
 * `follow` (follow: true) and `unfollow`: sets the state, so running it twice is safe; following a
 * shop followed already or unfollowing one not followed says so. Then the shop's follower count.
 */
async function changeFollow(run: Invocation, ref: string, follow: boolean): Promise<void> {
  const engagement = engagementOf(run);
  requireSession(engagement);
  const shop = await findShop(run, ref);
  const state = signedIn(run, await setFollowing(engagement, shop.id, follow), {
    notFound: cliMessages.shopNotFound,
  });
  const followers = await run.services.shops.listFollowers(shop.id);
  const change: FollowChange = {
    following: state.following,
    message: state.already
      ? follow
        ? engagementCliMessages.alreadyFollowing
        : engagementCliMessages.notFollowing
      : state.message,
    followers: followers.ok ? followers.value : null,
  };
  run.show(
    change,
    (t) => renderFollowChange(t, shop.name),
    (t) => ({
      message: t.message,
      following: t.following,
      shopId: shop.id,
      numberOfFollowers: t.followers?.numberOfFollowers ?? null,
    }),
  );
}
