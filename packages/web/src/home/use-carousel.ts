import {
  type Carousel,
  carouselPageCount,
  createCarousel,
  resizeCarousel,
  showCarouselPage,
  stepCarousel,
  visibleItems,
} from "@katale/domain";
import { useEffect, useState } from "react";

export interface CarouselControls<T> {
  readonly visible: T[];
  readonly page: number;
  readonly pageCount: number;
  next(): void;
  previous(): void;
  show(page: number): void;
}

/** The domain's wrap-around carousel as React state; a new page size keeps the first item on screen. */
export function useCarousel<T>(items: readonly T[], perPage: number): CarouselControls<T> {
  const [carousel, setCarousel] = useState<Carousel<T>>(() => createCarousel(items, perPage));
  useEffect(() => {
    setCarousel((current) => {
      if (current.items !== items) return createCarousel(items, perPage);
      // Unchanged (as on mount): the same state, so the carousel does not render a second time.
      return current.perPage === perPage ? current : resizeCarousel(current, perPage);
    });
  }, [items, perPage]);
  return {
    visible: visibleItems(carousel),
    page: carousel.page,
    pageCount: carouselPageCount(carousel),
    next: () => setCarousel((c) => stepCarousel(c, 1)),
    previous: () => setCarousel((c) => stepCarousel(c, -1)),
    show: (page) => setCarousel((c) => showCarouselPage(c, page)),
  };
}
