import { BANNER_AUTO_ADVANCE_MS, type BannerItem, firstScreenMessages as messages } from "@katale/domain";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { productPath } from "../products/product-path.js";
import { useDataSaver } from "../pwa/data-saver.js";
import { ArrowButton } from "../ui/arrow-button.js";
import { ResponsiveImage } from "../ui/responsive-image.js";
import { useCarousel } from "./use-carousel.js";

/** The banner's height: its placeholder keeps the same room while the products load. */
const BANNER_HEIGHT = "h-56 sm:h-72";

/** Dots a phone shows: seven 24 px targets fit between the arrows down to a 320 px wide screen. */
const PHONE_DOTS = 7;

/** The run of `size` dots around `page` (centred where it can be), as first and last index. */
export function phoneDots(page: number, count: number, size = PHONE_DOTS) {
  const first = Math.max(0, Math.min(page - Math.floor(size / 2), count - size));
  return { first, last: Math.min(count, first + size) - 1 };
}

/** Holds the banner's room until its slides arrive, so nothing under it moves. */
export function ProductBannerPlaceholder() {
  return <div aria-hidden="true" className={`${BANNER_HEIGHT} rounded-2xl bg-brand-50`} />;
}

/**
 * The product banner (spec §2): one slide at a time linking to /item/{slug} with the first picture;
 * arrows, dots, auto-advance every 3 s with wrap-around. Pauses while pointed at or focused, so a
 * reader (or a keyboard user) is not pulled away.
 */
export function ProductBanner({ slides, label }: { slides: readonly BannerItem[]; label: string }) {
  const carousel = useCarousel(slides, 1);
  const [hovered, setPaused] = useState(false);
  // Data saver: no autoplay (each slide is a picture to download); the arrows and dots still work.
  const saver = useDataSaver();
  const paused = hovered || saver;
  const { next } = carousel;

  // biome-ignore lint/correctness/useExhaustiveDependencies: restart the timer on each slide change
  useEffect(() => {
    if (paused || carousel.pageCount < 2) return;
    const timer = setTimeout(next, BANNER_AUTO_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [paused, carousel.page, carousel.pageCount]);

  const dots = phoneDots(carousel.page, slides.length);
  const slide = carousel.visible[0];
  if (slide === undefined) return null;
  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="relative overflow-hidden rounded-2xl bg-brand-50"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <section
        aria-live={paused ? "polite" : "off"}
        aria-roledescription="slide"
        aria-label={messages.web.slideOf(carousel.page + 1, carousel.pageCount)}
      >
        <Link
          to={productPath(slide.slug)}
          className={`flex ${BANNER_HEIGHT} items-center gap-3 px-4 pb-14 sm:gap-4 sm:px-16 sm:pb-0`}
        >
          <p className="line-clamp-4 min-w-0 flex-1 text-lg font-semibold text-gray-900 sm:text-3xl">
            {slide.productName}
          </p>
          {/* The product's name is the link's text beside it: the picture adds nothing to read. */}
          <ResponsiveImage
            path={slide.images[0]}
            alt=""
            width={480}
            height={480}
            sizes="(min-width: 640px) 256px, 144px"
            priority
            className="h-36 w-36 shrink-0 rounded-xl object-cover sm:h-64 sm:w-64"
          />
        </Link>
      </section>
      <ArrowButton
        direction="previous"
        look="floating"
        onClick={carousel.previous}
        className="absolute bottom-0 left-1 sm:top-1/2 sm:bottom-auto sm:left-2 sm:-translate-y-1/2"
      />
      <ArrowButton
        direction="next"
        look="floating"
        onClick={carousel.next}
        className="absolute right-1 bottom-0 sm:top-1/2 sm:right-2 sm:bottom-auto sm:-translate-y-1/2"
      />
      {/* Dots are 24 px targets. A phone shows the few around the current slide (arrows reach the
          rest), on one row between the arrows; the end ones are smaller when more lie beyond. */}
      <div className="absolute inset-x-12 bottom-0 flex h-11 items-center justify-center sm:bottom-1 sm:h-8">
        {slides.map((s, i) => {
          const onPhone = i >= dots.first && i <= dots.last;
          const beyond = (i === dots.first && i > 0) || (i === dots.last && i < slides.length - 1);
          return (
            <button
              key={s.slug}
              type="button"
              aria-label={messages.web.goToSlide(i + 1)}
              aria-current={i === carousel.page}
              onClick={() => carousel.show(i)}
              className={`${onPhone ? "flex" : "hidden sm:flex"} h-6 w-6 shrink-0 items-center justify-center sm:h-8`}
            >
              <span
                className={`block rounded-full sm:h-2 sm:w-2 ${beyond ? "h-1.5 w-1.5" : "h-2 w-2"} ${i === carousel.page ? "bg-brand-700" : "bg-gray-400"}`}
              />
            </button>
          );
        })}
      </div>
    </section>
  );
}
