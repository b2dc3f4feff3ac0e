import {
  type AddressSuggestions,
  createShop,
  type ImageUpload,
  listMyShops,
  requestShopVerification,
  SHOP_CATEGORIES_MAX,
  suggestAddresses,
  updateShopDetails,
} from "@katale/domain";
import { type Command, InvalidArgumentError } from "commander";
import { findCategory } from "../catalogue/find-category.js";
import { CliFailure, EXIT_USAGE } from "../cli-failure.js";
import { parseIdOrName } from "../config/option-parsers.js";
import type { Invocation, Invoke } from "../invocation.js";
import { loadImageFile } from "./image-files.js";
import { sellingCliMessages as text } from "./selling-cli-messages.js";
import { renderMyShops, renderShopSaved } from "./selling-render.js";
import { done, ownShop, sellingOf } from "./selling-run.js";

/** commander: a repeatable option's values, in order. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

export function parseCoordinate(value: string): number {
  const n = Number(value);
  if (value.trim() === "" || !Number.isFinite(n)) throw new InvalidArgumentError("Expected a number.");
  return n;
}

/** An image named on the command line, checked and read; a bad one is a usage error. */
export async function imageOption(file: string | undefined): Promise<ImageUpload | undefined> {
  if (file === undefined) return undefined;
  const image = await loadImageFile(file);
  if (typeof image !== "string") return image;
  const message =
    image === "missing"
      ? text.fileNotFound(file)
      : image === "too-large"
        ? text.imageTooLarge(file).replace(/^images: /, "")
        : text.imageNotAnImage(file).replace(/^images: /, "");
  throw new CliFailure(message, EXIT_USAGE);
}

interface CreateOptions {
  name: string;
  category: string[];
  address?: string;
  lat?: number;
  lon?: number;
  bio?: string;
  email?: string;
  phone?: string;
  profileImage?: string;
  coverImage?: string;
}

interface UpdateOptions {
  email?: string;
  bio?: string;
  phone?: string;
  displayImage?: string;
  coverImage?: string;
}

/** `katale shops mine|create|update`: the owner's shops, on the stored session. */
export function registerShopAdminCommands(shops: Command, invoke: Invoke): void {
  shops
    .command("mine")
    .description("the shops you own")
    .action(async (_options: object, command: Command) => {
      const run = invoke(command);
      const list = done(run, await listMyShops(sellingOf(run)));
      run.show(list, renderMyShops);
    });

  shops
    .command("create")
    .description("create a shop: name, 1 to 3 categories and its location")
    .requiredOption("--name <name>", "the shop's name (unique)")
    .option("--category <id|name>", "a category (repeat for up to 3)", collect, [])
    .option("--address <text>", "the location, resolved with the address suggestions (first match)")
    .option("--lat <latitude>", "the location's latitude (instead of --address)", parseCoordinate)
    .option("--lon <longitude>", "the location's longitude (instead of --address)", parseCoordinate)
    .option("--bio <text>", "a few words about the shop")
    .option("--email <email>", "the shop's e-mail")
    .option("--phone <phone>", "the shop's phone (at most 10 characters)")
    .option("--profile-image <file>", "the shop's display image")
    .option("--cover-image <file>", "the shop's cover photo")
    .action(async (options: CreateOptions, command: Command) => {
      const run = invoke(command);
      const selling = sellingOf(run);
      if (options.category.length > SHOP_CATEGORIES_MAX) return run.usageError(text.tooManyCategories);
      const categories = [];
      for (const ref of options.category) {
        const category = run.unwrap(await findCategory(run.services.categories, parseIdOrName(ref)));
        categories.push(category.id);
      }
      const place = await location(run, options);
      const created = done(
        run,
        await createShop(selling, {
          name: options.name,
          categories,
          locationLatitude: place.lat,
          locationLongitude: place.lon,
          bio: options.bio,
          email: options.email,
          phone: options.phone,
          profileImage: await imageOption(options.profileImage),
          coverImage: await imageOption(options.coverImage),
        }),
      );
      run.show({ ...created, place: place.formatted }, renderShopSaved, (c) => ({
        message: c.message,
        shop: c.shop,
      }));
    });

  shops
    .command("update")
    .description("edit one of your shops: e-mail, bio, phone, display image, cover photo")
    .argument("<shop>", "the shop's id or name (see katale shops mine)")
    .option("--email <email>", "the shop's e-mail")
    .option("--bio <text>", "a few words about the shop")
    .option("--phone <phone>", "the shop's phone (at most 10 characters)")
    .option("--display-image <file>", "the shop's display image")
    .option("--cover-image <file>", "the shop's cover photo")
    .action(async (ref: string, options: UpdateOptions, command: Command) => {
      const run = invoke(command);
      const selling = sellingOf(run);
      if (Object.values(options).every((v) => v === undefined)) return run.usageError(text.nothingToUpdate);
      const shop = await ownShop(run, ref);
      const updated = done(
        run,
        await updateShopDetails(selling, shop.id, {
          email: options.email,
          bio: options.bio,
          phone: options.phone,
          displayImage: await imageOption(options.displayImage),
          coverImage: await imageOption(options.coverImage),
        }),
      );
      run.show(updated, renderShopSaved, (u) => ({ message: u.message, shop: u.shop }));
    });

  registerShopVerifyCommand(shops, invoke);
}

/** `katale shops verify`: the spec's shop verification request (contact e-mail, photo, location). */
function registerShopVerifyCommand(shops: Command, invoke: Invoke): void {
  shops
    .command("verify")
    .description(
      "ask for one of your shops to be verified: a contact e-mail, a photo of the shop, its location",
    )
    .argument("<shop>", "the shop's id or name (see katale shops mine)")
    .requiredOption("--email <email>", "the e-mail to contact the shop at")
    .requiredOption("--image <file>", "a photo of the shop")
    .option("--address <text>", "the shop's location, resolved with the address suggestions (first match)")
    .option("--lat <latitude>", "the location's latitude (instead of --address)", parseCoordinate)
    .option("--lon <longitude>", "the location's longitude (instead of --address)", parseCoordinate)
    .action(
      async (ref: string, options: PlaceOptions & { email: string; image: string }, command: Command) => {
        const run = invoke(command);
        const selling = sellingOf(run);
        const shopImage = (await imageOption(options.image))!;
        const shop = await ownShop(run, ref);
        const place = await location(run, options);
        const sent = done(
          run,
          await requestShopVerification(selling, {
            contact: options.email,
            shopImage,
            locationLatitude: place.lat,
            locationLongitude: place.lon,
            shop: shop.id,
          }),
        );
        run.show(
          { ...sent, shop },
          (s) => `${s.message}: ${s.shop.name}\n${text.verificationNext}\n`,
          (s) => ({ message: s.message, shop: { id: s.shop.id, name: s.shop.name } }),
        );
      },
    );
}

/** Where: an address to look up, or coordinates. */
export interface PlaceOptions {
  address?: string;
  lat?: number;
  lon?: number;
}

/** --address resolved with the address suggestions (the first match), or --lat and --lon. */
export async function location(
  run: Invocation,
  options: PlaceOptions,
  addresses: AddressSuggestions = sellingOf(run).addresses,
): Promise<{ lat: number; lon: number; formatted?: string }> {
  if (options.address !== undefined) {
    const suggestions = run.unwrap(await suggestAddresses(addresses, options.address));
    const [first] = suggestions;
    if (first === undefined) throw new CliFailure(text.noAddress(options.address));
    return first;
  }
  if (options.lat === undefined || options.lon === undefined)
    return run.usageError(text.addressOrCoordinates);
  return { lat: options.lat, lon: options.lon };
}
