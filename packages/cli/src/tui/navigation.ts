import type { ModerationReport } from "@katale/domain";

// The navigation stack: each section (Tab) has its own root screen; Enter pushes, Esc pops.

export const SECTIONS = [
  "home",
  "categories",
  "saved",
  "following",
  "history",
  "chats",
  "selling",
  "admin",
  "account",
] as const;
export type Section = (typeof SECTIONS)[number];

export const SECTION_TITLES: Record<Section, string> = {
  home: "Home",
  categories: "Categories",
  saved: "Saved",
  following: "Following",
  history: "History",
  chats: "Chats",
  selling: "My shops",
  admin: "Admin",
  account: "Account",
};

/** A screen and what it shows. */
export type Route =
  | { readonly screen: "section"; readonly section: Section }
  | { readonly screen: "sub-categories"; readonly categoryId: number; readonly title: string }
  | { readonly screen: "products"; readonly subCategoryId: number; readonly title: string }
  | { readonly screen: "search" }
  /** `title`: the product's (or shop's) name for the title line, when the list knew it. */
  | { readonly screen: "product"; readonly slug: string; readonly title?: string }
  | { readonly screen: "shop"; readonly shopId: number; readonly title?: string }
  /** A room by its slug, or the chat with a shop (opened the first time). */
  | { readonly screen: "chat-room"; readonly slug?: string; readonly shopId?: number; readonly title: string }
  | { readonly screen: "login" }
  | { readonly screen: "notifications" }
  | { readonly screen: "my-shop"; readonly shopId: number; readonly title: string }
  | { readonly screen: "product-form"; readonly shopId: number; readonly productSlug?: string }
  | { readonly screen: "csv-import"; readonly shopId: number; readonly title: string }
  | { readonly screen: "admin-catalogue" }
  | { readonly screen: "admin-verifications" }
  | { readonly screen: "admin-verification"; readonly requestId: number; readonly title: string }
  | { readonly screen: "admin-reports" }
  | { readonly screen: "admin-report"; readonly report: ModerationReport; readonly title: string };

export interface Navigation {
  readonly section: Section;
  /** Never empty: the section's root first. */
  readonly stack: readonly Route[];
}

export function startAt(section: Section): Navigation {
  return { section, stack: [{ screen: "section", section }] };
}

export function current(nav: Navigation): Route {
  return nav.stack[nav.stack.length - 1]!;
}

export function push(nav: Navigation, route: Route): Navigation {
  return { ...nav, stack: [...nav.stack, route] };
}

/** One screen back; at a section's root, nothing changes. */
export function back(nav: Navigation): Navigation {
  return nav.stack.length > 1 ? { ...nav, stack: nav.stack.slice(0, -1) } : nav;
}

/** The next (step 1) or previous (step -1) of the sections shown, from its root. */
export function switchSection(
  nav: Navigation,
  step: 1 | -1,
  sections: readonly Section[] = SECTIONS,
): Navigation {
  const index = sections.indexOf(nav.section);
  return startAt(sections[(index + step + sections.length) % sections.length]!);
}

/** The sections in the bar: Admin only for an admin (or when the app was started there). */
export function shownSections(isAdmin: boolean, started: Section): readonly Section[] {
  return SECTIONS.filter((s) => s !== "admin" || isAdmin || started === "admin");
}
