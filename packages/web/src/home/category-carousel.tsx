import {
  BANNER_CATEGORIES_COUNT,
  CAROUSEL_PER_PAGE_NARROW,
  CAROUSEL_PER_PAGE_WIDE,
  type Category,
  firstScreenMessages as messages,
} from "@katale/domain";
import { categoryPath } from "../catalogue/catalogue-paths.js";
import { CatalogueTile } from "../catalogue/catalogue-tile.js";
import { useRememberCatalogueChoice } from "../catalogue/use-catalogue.js";
import { useNarrow } from "../ui/use-media-query.js";
import { CarouselFrame, CarouselFramePlaceholder } from "./carousel-frame.js";
import { useCarousel } from "./use-carousel.js";

/**
 * The room of a page of tiles, whatever the names' lengths: a tile is its picture and up to three
 * lines of name. More than 7 tiles take two rows between 768 and 1280 px (7 columns there).
 */
function tilesRoom(count: number): string {
  return count > 7
    ? "min-h-32 sm:min-h-[156px] md:min-h-[320px] xl:min-h-[156px]"
    : "min-h-32 sm:min-h-[156px]";
}

/** Holds the carousel's room while the categories load (a first page of 12 is the usual case). */
export function CategoryCarouselPlaceholder() {
  const narrow = useNarrow();
  return (
    <CarouselFramePlaceholder arrows={narrow}>
      <div className={tilesRoom(narrow ? CAROUSEL_PER_PAGE_NARROW : BANNER_CATEGORIES_COUNT)} />
    </CarouselFramePlaceholder>
  );
}

/** The first 12 categories, 14 a page (4 at 768 px or narrower), wrapping both ways (spec §4). */
export function CategoryCarousel({ categories }: { categories: readonly Category[] }) {
  const narrow = useNarrow();
  const carousel = useCarousel(categories, narrow ? CAROUSEL_PER_PAGE_NARROW : CAROUSEL_PER_PAGE_WIDE);
  const remember = useRememberCatalogueChoice();
  if (categories.length === 0) return <p className="text-gray-600">{messages.home.noCategoriesYet}</p>;
  return (
    <CarouselFrame
      label={messages.web.categories}
      page={carousel.page}
      pageCount={carousel.pageCount}
      onPrevious={carousel.previous}
      onNext={carousel.next}
    >
      <ul
        className={`grid grid-cols-4 content-start gap-2 md:grid-cols-7 xl:grid-cols-14 ${tilesRoom(carousel.visible.length)}`}
      >
        {carousel.visible.map((category) => (
          <li key={category.id}>
            <CatalogueTile
              to={categoryPath(category.name)}
              name={category.name}
              imageUrl={category.imageUrl}
              onOpen={() => remember.category(category)}
            />
          </li>
        ))}
      </ul>
    </CarouselFrame>
  );
}
