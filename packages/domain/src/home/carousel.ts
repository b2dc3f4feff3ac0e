import { NARROW_BREAKPOINT_PX } from "../constants.js";

/**
 * A carousel shows `perPage` items at a time and pages with wrap-around both ways (spec §4):
 * next on the last page shows the first, previous on the first shows the last. Immutable; `page`
 * counts from 0.
 */
export interface Carousel<T> {
  readonly items: readonly T[];
  readonly perPage: number;
  readonly page: number;
}

export function createCarousel<T>(items: readonly T[], perPage: number): Carousel<T> {
  return { items, perPage: Math.max(1, Math.floor(perPage)), page: 0 };
}

export function carouselPageCount(carousel: Carousel<unknown>): number {
  return Math.max(1, Math.ceil(carousel.items.length / carousel.perPage));
}

/** Moves one page forward (1) or back (-1), wrapping at both ends. */
export function stepCarousel<T>(carousel: Carousel<T>, step: 1 | -1): Carousel<T> {
  const count = carouselPageCount(carousel);
  return { ...carousel, page: (((carousel.page + step) % count) + count) % count };
}

/** Jumps to a page (a dot), wrapping out-of-range values. */
export function showCarouselPage<T>(carousel: Carousel<T>, page: number): Carousel<T> {
  const count = carouselPageCount(carousel);
  return { ...carousel, page: ((Math.floor(page) % count) + count) % count };
}

/** The items on screen. */
export function visibleItems<T>(carousel: Carousel<T>): T[] {
  const start = carousel.page * carousel.perPage;
  return carousel.items.slice(start, start + carousel.perPage);
}

/** A new page size (the screen crossed the breakpoint) keeps the first visible item on screen. */
export function resizeCarousel<T>(carousel: Carousel<T>, perPage: number): Carousel<T> {
  const size = Math.max(1, Math.floor(perPage));
  return { ...carousel, perPage: size, page: Math.floor((carousel.page * carousel.perPage) / size) };
}

/** Page size for a viewport width: `narrow` at or below the 768 px breakpoint, else `wide`. */
export function perPageForWidth(width: number, sizes: { wide: number; narrow: number }): number {
  return width <= NARROW_BREAKPOINT_PX ? sizes.narrow : sizes.wide;
}
