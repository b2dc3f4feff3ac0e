import { createHash } from "node:crypto";
import { SERVICES_CATEGORY_ID } from "@katale/domain";
import { type CategorySeed, DEMO_CATEGORIES } from "./demo-catalogue.js";
import {
  DEMO_COMMENTS,
  DEMO_FAQS,
  DEMO_FEEDBACK,
  DEMO_SERVICE_COMMENTS,
  DEMO_SHOPS,
  DEMO_USERS,
  type FaqSeed,
  type FeedbackSeed,
} from "./demo-community.js";
import { createPrng } from "./prng.js";
import {
  avatar,
  categoryTile,
  commentPhoto,
  type ImageSpec,
  productCover,
  productView,
  shopCover,
  shopLogo,
  subCategoryTile,
} from "./seed-images.js";
import { slugify } from "./slugify.js";

// Everything the demo seed writes, decided up front and without I/O: the same plan on every run.
// Rows refer to each other and to pictures by index; the seed turns indexes into ids and paths.

const SEED = 20_240_601;
/** Share of physical products listed with in_stock 0 (the "out of stock" tab). */
const OUT_OF_STOCK_SHARE = 0.08;
const DAY_MS = 86_400_000;

export interface PlannedSubCategory {
  categoryId: number;
  name: string;
  slug: string;
  image: number;
  filters: { name: string; values: string[] }[];
}

export interface PlannedUser {
  name: string;
  email: string;
  phone: string;
  gender: "male" | "female";
  dateOfBirth: string;
  verified: boolean;
  image: number;
}

export interface PlannedShop {
  owner: number;
  name: string;
  slug: string;
  bio: string;
  email: string;
  phone: string;
  place: string;
  latitude: number;
  longitude: number;
  verified: boolean;
  categories: readonly number[];
  logo: number;
  cover: number;
  /** Days before the seed that the shop opened. */
  ageDays: number;
}

export interface PlannedProduct {
  shop: number;
  categoryId: number;
  subCategory: number;
  name: string;
  slug: string;
  description: string;
  price: number;
  inStock: number;
  images: number[];
  ageDays: number;
}

export interface PlannedComment {
  user: number;
  product: number;
  text: string;
  ageDays: number;
  images: number[];
}

export interface DemoPlan {
  categories: { id: number; name: string; slug: string; image: number }[];
  subCategories: PlannedSubCategory[];
  users: PlannedUser[];
  shops: PlannedShop[];
  products: PlannedProduct[];
  ratings: { user: number; product: number; rating: number }[];
  comments: PlannedComment[];
  follows: { user: number; shop: number }[];
  saved: { user: number; product: number }[];
  history: { user: number; product: number; minutesAgo: number }[];
  faqs: readonly FaqSeed[];
  feedback: readonly FeedbackSeed[];
  images: ImageSpec[];
}

function shortHash(text: string, length: number): string {
  const digest = createHash("sha256").update(text).digest();
  return BigInt(`0x${digest.subarray(0, 8).toString("hex")}`)
    .toString(36)
    .padStart(length, "0")
    .slice(0, length);
}

function emailOf(name: string): string {
  return `${slugify(name).replace(/-/g, ".")}@example.com`;
}

const PRODUCT_CLOSINGS: readonly ((place: string, town: string) => string)[] = [
  (place, town) =>
    `Available at ${place}. We deliver within ${town} the same day and send upcountry by bus or courier. Pay cash on delivery or with MTN Mobile Money or Airtel Money.`,
  (place, town) =>
    `Visit us at ${place} or chat with us here to order. Delivery in ${town} is by boda boda, and you check the item before you pay.`,
  (_place, town) =>
    `Order through the chat and we confirm availability within the hour. Free delivery in ${town} for orders above UGX 200,000; mobile money accepted.`,
];

const SERVICE_CLOSINGS: readonly ((place: string, town: string) => string)[] = [
  (_place, town) =>
    `We serve ${town} and the surrounding areas. Book through the chat with your location and preferred day; the price is confirmed before any work starts.`,
  (place, town) =>
    `Chat with us to book, or find us at ${place}. Our team comes to you anywhere in ${town}, and you pay on completion by cash or mobile money.`,
];

export function planDemo(): DemoPlan {
  const random = createPrng(SEED);
  const images: ImageSpec[] = [];
  const addImage = (spec: ImageSpec) => images.push(spec) - 1;
  const categoryById = new Map<number, CategorySeed>(DEMO_CATEGORIES.map((c) => [c.id, c]));

  const categories = DEMO_CATEGORIES.map((c) => ({
    id: c.id,
    name: c.name,
    slug: slugify(c.name),
    image: addImage(categoryTile(c.name, c.colour, c.shape)),
  }));

  const subCategories: PlannedSubCategory[] = [];
  for (const category of DEMO_CATEGORIES) {
    for (const [index, sub] of category.subCategories.entries()) {
      subCategories.push({
        categoryId: category.id,
        name: sub.name,
        slug: slugify(sub.name),
        image: addImage(subCategoryTile(sub.name, category.colour, category.shape, index)),
        filters: Object.entries(sub.filters ?? {}).map(([name, values]) => ({ name, values: [...values] })),
      });
    }
  }

  const phones = new Set<string>();
  const uniquePhone = (make: () => string) => {
    for (;;) {
      const phone = make();
      if (!phones.has(phone)) {
        phones.add(phone);
        return phone;
      }
    }
  };
  const networkPrefix = () => random.pick(["70", "74", "75", "76", "77", "78"]);
  const digits = (count: number) => Array.from({ length: count }, () => random.int(0, 9)).join("");

  const users: PlannedUser[] = DEMO_USERS.map((u, index) => ({
    name: u.name,
    email: emailOf(u.name),
    // Profile phones may carry the country code (max 14, spec §9).
    phone: uniquePhone(() => `+256${networkPrefix()}${digits(7)}`),
    gender: u.gender,
    dateOfBirth: u.dateOfBirth,
    verified: u.verified ?? false,
    image: addImage(avatar(u.name, index)),
  }));

  const shops: PlannedShop[] = DEMO_SHOPS.map((s) => {
    const main = categoryById.get(s.categories[0]!)!;
    const slug = slugify(s.name);
    return {
      owner: s.owner,
      name: s.name,
      slug,
      bio: s.bio,
      email: `${slug.replace(/-/g, "")}@shops.example.com`,
      // Shop phones are local numbers of at most 10 characters (spec §9).
      phone: uniquePhone(() => `0${networkPrefix().slice(0, 2)}${digits(7)}`),
      place: s.place,
      latitude: s.latitude,
      longitude: s.longitude,
      verified: s.verified,
      categories: s.categories,
      logo: addImage(shopLogo(s.name, main.colour)),
      cover: addImage(shopCover(s.name, s.town, main.colour, main.shape)),
      ageDays: random.int(120, 900),
    };
  });

  const products: PlannedProduct[] = [];
  const slugs = new Set<string>();
  let subIndex = 0;
  for (const category of DEMO_CATEGORIES) {
    for (const sub of category.subCategories) {
      const candidates = shops
        .map((shop, index) => ({ shop, index }))
        .filter(({ shop }) =>
          sub.shops ? sub.shops.includes(shop.name) : shop.categories.includes(category.id),
        );
      if (candidates.length === 0) throw new Error(`No demo shop sells ${category.name} / ${sub.name}`);
      for (const [name, price, detail] of sub.products) {
        const { shop, index: shopIndex } = random.pick(candidates);
        const town = DEMO_SHOPS[shopIndex]!.town;
        let slug = `${slugify(name, 70)}-${shortHash(`${name}|${shop.slug}`, 4)}`;
        while (slugs.has(slug)) slug = `${slug}${random.int(0, 9)}`;
        slugs.add(slug);
        const service = category.id === SERVICES_CATEGORY_ID;
        const closing = random.pick(service ? SERVICE_CLOSINGS : PRODUCT_CLOSINGS)(shop.place, town);
        const description = [`${name}.`, detail, sub.blurb, closing].filter(Boolean).join(" ");
        const imageCount = random.pick([1, 1, 1, 2, 2, 2, 3, 4]);
        const variant = products.length;
        const productImages = [
          addImage(productCover(name, sub.name, category.colour, category.shape, variant)),
        ];
        for (let view = 2; view <= imageCount; view++) {
          productImages.push(addImage(productView(category.colour, category.shape, variant, view)));
        }
        products.push({
          shop: shopIndex,
          categoryId: category.id,
          subCategory: subIndex,
          name,
          slug,
          description,
          price,
          // Services are booked, not stocked: a handful of open slots.
          inStock: service ? random.int(1, 10) : random.int(1, 80),
          images: productImages,
          ageDays: random.int(0, Math.min(shop.ageDays, 150)),
        });
      }
      subIndex++;
    }
  }

  // Out of stock: a fixed share of the physical products (services stay bookable).
  const physical = products.filter((p) => p.categoryId !== SERVICES_CATEGORY_ID);
  for (const product of random.sample(physical, Math.round(physical.length * OUT_OF_STOCK_SHARE))) {
    product.inStock = 0;
  }

  const productIndexes = products.map((_, i) => i);
  const ratings: DemoPlan["ratings"] = [];
  const ratingScale = [10, 10, 10, 9, 9, 8, 8, 8, 7, 6, 6, 5, 4, 3, 2, 0];
  for (const [user] of users.entries()) {
    for (const product of random.sample(productIndexes, random.int(12, 30))) {
      ratings.push({ user, product, rating: random.pick(ratingScale) });
    }
  }

  const comments: PlannedComment[] = [];
  let photoCount = 0;
  for (const product of random.sample(productIndexes, 110)) {
    const planned = products[product]!;
    const category = categoryById.get(planned.categoryId)!;
    const pool = planned.categoryId === SERVICES_CATEGORY_ID ? DEMO_SERVICE_COMMENTS : DEMO_COMMENTS;
    const commenters = random
      .sample(
        users.map((_, i) => i),
        random.int(1, 3),
      )
      .filter((user) => user !== shops[planned.shop]!.owner);
    for (const user of commenters) {
      const photos: number[] = [];
      if (photoCount < 12 && random.chance(0.1)) {
        for (let n = random.int(1, 2); n > 0; n--) {
          photos.push(addImage(commentPhoto(planned.name, category.colour, category.shape, photoCount++)));
        }
      }
      comments.push({
        user,
        product,
        text: random.pick(pool),
        ageDays: random.int(0, planned.ageDays),
        images: photos,
      });
    }
  }

  const follows: DemoPlan["follows"] = [];
  const saved: DemoPlan["saved"] = [];
  const history: DemoPlan["history"] = [];
  for (const [user] of users.entries()) {
    const otherShops = shops.map((_, i) => i).filter((i) => shops[i]!.owner !== user);
    for (const shop of random.sample(otherShops, random.int(1, 5))) follows.push({ user, shop });
    const inStock = productIndexes.filter((i) => products[i]!.inStock > 0);
    for (const product of random.sample(inStock, random.int(2, 6))) saved.push({ user, product });
    for (const product of random.sample(productIndexes, random.int(6, 14))) {
      history.push({ user, product, minutesAgo: random.int(5, 60 * 24 * 30) });
    }
  }

  return {
    categories,
    subCategories,
    users,
    shops,
    products,
    ratings,
    comments,
    follows,
    saved,
    history,
    faqs: DEMO_FAQS,
    feedback: DEMO_FEEDBACK,
    images,
  };
}

/** A moment `days` before `now`, as a Date (spreads the demo over the past months). */
export function daysBefore(now: number, days: number, jitterMinutes = 0): Date {
  return new Date(now - days * DAY_MS - jitterMinutes * 60_000);
}
