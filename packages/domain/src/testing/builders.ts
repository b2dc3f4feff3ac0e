import type { User } from "../auth/user.js";
import type { Category } from "../catalogue/category.js";
import type { SubCategory } from "../catalogue/sub-category.js";
import type { Product } from "../products/product.js";
import type { FeaturedShop } from "../shops/featured-shop.js";
import type { Shop } from "../shops/shop.js";
import type { Faq } from "../support/faq.js";
import type { Feedback } from "../support/feedback.js";

// Test data builders: a valid entity with unique ids, overridden where the test cares.

let nextId = 1000;
const fresh = (): number => nextId++;

export function aCategory(overrides: Partial<Category> = {}): Category {
  const id = overrides.id ?? fresh();
  return { id, name: `Category ${id}`, imageUrl: `/media/categories/c${id}.webp`, ...overrides };
}

export function aSubCategory(overrides: Partial<SubCategory> = {}): SubCategory {
  const id = overrides.id ?? fresh();
  return { id, name: `Sub category ${id}`, imageUrl: null, categoryId: 1, ...overrides };
}

export function aProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? fresh();
  return {
    id,
    name: `Product ${id}`,
    slug: `product-${id}`,
    description: "A fine thing from Kampala",
    price: 25_000,
    inStock: 3,
    images: [`/media/products/p${id}.webp`],
    shopId: 1,
    shopName: "Nakasero Traders",
    shopVerificationStatus: "VERIFIED",
    categoryId: 1,
    categoryName: "Electronics",
    subCategoryId: 1,
    subCategoryName: "Phones",
    averageRating: 0,
    numberOfUsersRated: 0,
    ...overrides,
  };
}

export function aShop(overrides: Partial<Shop> = {}): Shop {
  const id = overrides.id ?? fresh();
  return {
    id,
    name: `Shop ${id}`,
    bio: "",
    email: null,
    phone: null,
    displayImage: null,
    coverImage: null,
    owner: 1,
    verificationStatus: "UNVERIFIED",
    rating: null,
    categories: [1],
    locationLatitude: 0.3476,
    locationLongitude: 32.5825,
    ...overrides,
  };
}

export function aFeaturedShop(overrides: Partial<Shop> = {}, averageTotalRating = 4.5): FeaturedShop {
  return { shop: aShop(overrides), averageTotalRating };
}

export function aFaq(overrides: Partial<Faq> = {}): Faq {
  return { question: "How do I pay?", answer: "Pay the shop directly.", ...overrides };
}

export function aFeedback(overrides: Partial<Feedback> = {}): Feedback {
  return { name: "Amina", message: "Great market", stars: 9, ...overrides };
}

/** n products built from the same overrides. */
export function someProducts(n: number, overrides: Partial<Product> = {}): Product[] {
  return Array.from({ length: n }, () => aProduct(overrides));
}

export function aUser(overrides: Partial<User> = {}): User {
  const id = overrides.id ?? fresh();
  return {
    id,
    email: `user${id}@example.ug`,
    phone: `07${String(id).padStart(8, "0")}`,
    name: `User ${id}`,
    dateOfBirth: null,
    country: "Uganda",
    gender: null,
    profilePicture: null,
    verificationStatus: "UNVERIFIED",
    ...overrides,
  };
}
