import {
  type Category,
  findOwnShop,
  type OwnedProduct,
  type Product,
  type Result,
  type Shop,
  type SubCategory,
  type WordedError,
} from "@katale/domain";
import { authCliMessages } from "../auth/auth-cli-messages.js";
import { CliFailure, EXIT_USAGE } from "../cli-failure.js";
import { cliMessages } from "../cli-messages.js";
import type { Invocation } from "../invocation.js";
import { readOwnedProducts } from "./owned-products.js";
import { sellingCliMessages as text } from "./selling-cli-messages.js";
import type { SellingServices } from "./selling-services.js";

/** The selling services of this run; a session is required before anything is sent. */
export function sellingOf(run: Invocation): SellingServices {
  const selling = run.services.selling;
  if (selling === undefined)
    throw new CliFailure(cliMessages.unexpected("selling services are not configured"));
  if (selling.storage.get("token") === null) throw new CliFailure(authCliMessages.notLoggedIn);
  return selling;
}

/**
 * The terminal's words for a failed seller step: the domain's message, except which server could
 * not be reached, or what to run next; a value the rules refuse is a usage error (exit 2).
 */
export function sellingFailureOf(failure: WordedError, shopUrl: string): CliFailure {
  switch (failure.kind) {
    case "network":
      return new CliFailure(cliMessages.cannotReach("shop", shopUrl));
    case "server":
      return new CliFailure(cliMessages.serviceFailed("shop", shopUrl, undefined));
    case "not-logged-in":
      return new CliFailure(authCliMessages.notLoggedIn);
    case "unauthorized":
      return new CliFailure(authCliMessages.sessionEnded);
    case "forbidden":
      return new CliFailure(failure.message);
    case "invalid-form":
    case "invalid":
      return new CliFailure(failure.message, EXIT_USAGE);
    default:
      return new CliFailure(failure.message);
  }
}

/** The value of a seller step, or the command ends with its failure. */
export function done<T>(run: Invocation, result: Result<T, WordedError>): T {
  if (result.ok) return result.value;
  throw sellingFailureOf(result.error, run.services.urls.shopUrl);
}

/** One of the user's shops by id or name; someone else's is refused before anything is sent. */
export async function ownShop(run: Invocation, ref: string): Promise<Shop> {
  const selling = sellingOf(run);
  return done(run, await findOwnShop({ ...selling, shops: run.services.shops }, ref));
}

/** A product by slug (or id), which must belong to one of the user's shops. */
export async function ownProduct(run: Invocation, ref: string): Promise<Product> {
  const { products } = run.services;
  const found = /^\d+$/.test(ref)
    ? await products.getProduct(Number(ref))
    : await products.getProductBySlug(ref);
  const product = run.unwrap(found, { notFound: cliMessages.productNotFound });
  await ownShop(run, String(product.shopId));
  return product;
}

/** The catalogue, once per run: categories and every sub category. */
export async function loadCatalogue(
  run: Invocation,
): Promise<{ categories: Category[]; subCategories: SubCategory[] }> {
  const { categories } = run.services;
  const [all, subs] = await Promise.all([categories.listCategories(), categories.listSubCategories()]);
  return { categories: run.unwrap(all), subCategories: run.unwrap(subs) };
}

/** Every product of a shop with its pictures' hashes; pages that do not add up end the run. */
export async function allOwnedProducts(run: Invocation, shopId: number): Promise<OwnedProduct[]> {
  const read = await readOwnedProducts(sellingOf(run).productAdmin, shopId);
  if (read.ok) return read.products;
  if ("moved" in read) throw new CliFailure(text.productsMoved(read.moved.count, read.moved.read));
  return run.unwrap({ ok: false, error: read.error });
}
