import { describe, expect, it } from "vitest";
import { CAROUSEL_PER_PAGE_NARROW, CAROUSEL_PER_PAGE_WIDE } from "../constants.js";
import {
  carouselPageCount,
  createCarousel,
  perPageForWidth,
  resizeCarousel,
  showCarouselPage,
  stepCarousel,
  visibleItems,
} from "./carousel.js";

const letters = ["a", "b", "c", "d", "e", "f", "g"];

describe("carousel", () => {
  it("shows the first perPage items at start", () => {
    expect(visibleItems(createCarousel(letters, 3))).toEqual(["a", "b", "c"]);
  });

  it("pages forward and shows a short last page", () => {
    const third = stepCarousel(stepCarousel(createCarousel(letters, 3), 1), 1);
    expect(visibleItems(third)).toEqual(["g"]);
  });

  it("wraps from the last page to the first going forward", () => {
    let carousel = createCarousel(letters, 3);
    for (let i = 0; i < 3; i++) carousel = stepCarousel(carousel, 1);
    expect(visibleItems(carousel)).toEqual(["a", "b", "c"]);
  });

  it("wraps from the first page to the last going back", () => {
    expect(visibleItems(stepCarousel(createCarousel(letters, 3), -1))).toEqual(["g"]);
  });

  it("a single-slide banner carousel advances one slide at a time and wraps", () => {
    let banner = createCarousel(["x", "y"], 1);
    banner = stepCarousel(banner, 1);
    expect(visibleItems(banner)).toEqual(["y"]);
    expect(visibleItems(stepCarousel(banner, 1))).toEqual(["x"]);
  });

  it("an empty carousel has one empty page and stays there", () => {
    const empty = createCarousel<string>([], 4);
    expect(carouselPageCount(empty)).toBe(1);
    expect(visibleItems(stepCarousel(empty, -1))).toEqual([]);
  });

  it("jumping to a dot out of range wraps", () => {
    expect(visibleItems(showCarouselPage(createCarousel(letters, 3), 4))).toEqual(["d", "e", "f"]);
  });

  it("keeps the first visible item on screen when the page size changes", () => {
    const onSecondPage = stepCarousel(createCarousel(letters, 2), 1); // c, d
    expect(visibleItems(resizeCarousel(onSecondPage, 3))).toEqual(["a", "b", "c"]);
    expect(visibleItems(resizeCarousel(onSecondPage, 1))).toEqual(["c"]);
  });

  it("uses the narrow size at 768 px and below", () => {
    const sizes = { wide: CAROUSEL_PER_PAGE_WIDE, narrow: CAROUSEL_PER_PAGE_NARROW };
    expect(perPageForWidth(768, sizes)).toBe(4);
    expect(perPageForWidth(769, sizes)).toBe(14);
  });
});
