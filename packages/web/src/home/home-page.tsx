import { errorMessage, firstScreenMessages as messages } from "@katale/domain";
import { memo, type ReactNode } from "react";
import { useDataSaver } from "../pwa/data-saver.js";
import { EmptyState } from "../ui/empty-state.js";
import { Splash } from "../ui/splash.js";
import { WhenNear } from "../ui/when-near.js";
import { CategoryCarousel, CategoryCarouselPlaceholder } from "./category-carousel.js";
import { ExplorerListings } from "./explorer-listings.js";
import { FeaturedShopsSection } from "./featured-shops-section.js";
import { later } from "./later.js";
import { ProductBanner, ProductBannerPlaceholder } from "./product-banner.js";
import { Section } from "./section.js";
import { TrendingCarousel, TrendingCarouselPlaceholder } from "./trending-carousel.js";
import { useBannerCategories, useBannerSlides, useFeaturedShops, useTrending } from "./use-home.js";

const ServicesSection = later("ServicesSection");
const ShopCategoriesSection = later("ShopCategoriesSection");
const PromoGridSection = later("PromoGridSection");

/**
 * A section below the first screen: its title at once, its content (its code, and the requests for
 * it) only when the reader scrolls near it, or at the first idle moment with `orWhenIdle`; `room` is
 * held meanwhile.
 */
function LaterSection({
  title,
  id,
  room,
  orWhenIdle,
  children,
}: {
  title: string;
  id?: string;
  room: string;
  orWhenIdle?: boolean;
  children: ReactNode;
}) {
  const placeholder = (
    <Section title={title} id={id}>
      <div className={room} />
    </Section>
  );
  return (
    // Its code arrives with the later sections' chunk; the room is held until then.
    <WhenNear orWhenIdle={orWhenIdle} placeholder={placeholder}>
      {children}
    </WhenNear>
  );
}

function BannerArea() {
  const slides = useBannerSlides();
  if (slides.data === undefined) {
    return (
      <div className="page pt-4">
        <ProductBannerPlaceholder />
      </div>
    );
  }
  if (!slides.data.ok || slides.data.value.length === 0) return null;
  return (
    <div className="page pt-4">
      <ProductBanner slides={slides.data.value} label={messages.web.productBanner} />
    </div>
  );
}

function CategoriesSection() {
  const categories = useBannerCategories();
  return (
    <Section title={messages.web.categories}>
      {categories.data === undefined ? (
        <CategoryCarouselPlaceholder />
      ) : categories.data.ok ? (
        <CategoryCarousel categories={categories.data.value} />
      ) : (
        <EmptyState>{errorMessage(categories.data.error)}</EmptyState>
      )}
    </Section>
  );
}

function TrendingSection() {
  const trending = useTrending();
  return (
    <Section title={messages.home.trending}>
      {trending.data === undefined ? (
        <TrendingCarouselPlaceholder />
      ) : trending.data.ok ? (
        trending.data.value.length > 0 ? (
          <TrendingCarousel products={trending.data.value} />
        ) : (
          <EmptyState>{messages.products.noProducts}</EmptyState>
        )
      ) : (
        <EmptyState>{errorMessage(trending.data.error)}</EmptyState>
      )}
    </Section>
  );
}

/**
 * The sections under the splash. Each asks for its own data, so an answer renders its section only;
 * memo keeps the page's own renders (the splash's queries answering) from rendering them all again.
 */
const Sections = memo(function Sections() {
  return (
    <div className="pb-6">
      <h1 className="sr-only">{messages.web.brand}</h1>
      <BannerArea />
      <CategoriesSection />
      <TrendingSection />
      <LaterSection title={messages.home.services} room="min-h-48">
        <ServicesSection />
      </LaterSection>
      <LaterSection title={messages.home.shopCategories} room="min-h-72">
        <ShopCategoriesSection />
      </LaterSection>
      <LaterSection id="section-promo" title={messages.products.tabServices} room="min-h-96">
        <PromoGridSection />
      </LaterSection>
      {/* Its data is there already (the splash waits for it); its cards render in a task of their own. */}
      <LaterSection title={messages.home.featuredShops} room="min-h-64" orWhenIdle>
        <FeaturedShopsSection />
      </LaterSection>
      <ExplorerListings />
    </div>
  );
});

/**
 * / : the splash until products or featured shops arrive, then every home section (spec §2). What the
 * first screen shows holds its room while it loads, so nothing moves when it arrives.
 */
export default function HomePage() {
  const slides = useBannerSlides();
  // With data saver the page does not carry the featured shops: their section asks for them when it
  // comes on screen, not the page at once.
  const featured = useFeaturedShops(!useDataSaver());
  if (slides.data === undefined && featured.data === undefined) return <Splash />;
  return <Sections />;
}
