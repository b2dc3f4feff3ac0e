import {
  firstScreenMessages as messages,
  type Product,
  TRENDING_IMAGE_SIZES,
  TRENDING_PER_PAGE_NARROW,
  TRENDING_PER_PAGE_WIDE,
} from "@katale/domain";
import { ProductCard, ProductCardSkeleton } from "../products/product-card.js";
import { useRememberProduct } from "../products/use-remember-product.js";
import { useNarrow } from "../ui/use-media-query.js";
import { CarouselFrame, CarouselFramePlaceholder } from "./carousel-frame.js";
import { useCarousel } from "./use-carousel.js";

const GRID = "grid grid-cols-2 gap-2 sm:gap-4 md:grid-cols-4";

/** Holds the carousel's room while the products load: a page of card skeletons and the arrows. */
export function TrendingCarouselPlaceholder() {
  const narrow = useNarrow();
  const count = narrow ? TRENDING_PER_PAGE_NARROW : TRENDING_PER_PAGE_WIDE;
  return (
    <CarouselFramePlaceholder arrows>
      <div className={GRID}>
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders in a fixed order
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    </CarouselFramePlaceholder>
  );
}

/** Trending products: 4 a page, 2 at 768 px or narrower, wrapping. */
export function TrendingCarousel({ products }: { products: readonly Product[] }) {
  const narrow = useNarrow();
  const carousel = useCarousel(products, narrow ? TRENDING_PER_PAGE_NARROW : TRENDING_PER_PAGE_WIDE);
  const remember = useRememberProduct();
  return (
    <CarouselFrame
      label={messages.home.trending}
      page={carousel.page}
      pageCount={carousel.pageCount}
      onPrevious={carousel.previous}
      onNext={carousel.next}
    >
      <ul className={GRID}>
        {carousel.visible.map((product) => (
          <li key={product.id}>
            <ProductCard
              product={product}
              onOpen={remember}
              sizes={TRENDING_IMAGE_SIZES}
              priority={carousel.page === 0}
            />
          </li>
        ))}
      </ul>
    </CarouselFrame>
  );
}
