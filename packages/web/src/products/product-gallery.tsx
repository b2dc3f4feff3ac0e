import { messages, PRODUCT_GALLERY_IMAGE_SIZES } from "@katale/domain";
import { useCallback, useEffect, useState } from "react";
import { useCarousel } from "../home/use-carousel.js";
import { ArrowButton } from "../ui/arrow-button.js";
import { ResponsiveImage } from "../ui/responsive-image.js";

/** The thumbnails show their pictures by then even if the large picture never reports back. */
const THUMBNAILS_AT_LATEST_MS = 3000;

/** The product's pictures: one large with previous/next arrows, thumbnails to jump (spec §2). */
export function ProductGallery({ images, name }: { images: readonly string[]; name: string }) {
  const carousel = useCarousel(images, 1);
  const current = carousel.visible[0] ?? null;
  const many = images.length > 1;
  // The thumbnails' pictures wait for the large one (the page's main picture), so on a slow network
  // they do not share its bandwidth; their buttons are there from the start.
  const [mainSettled, setMainSettled] = useState(false);
  const settle = useCallback(() => setMainSettled(true), []);
  useEffect(() => {
    const fallback = setTimeout(settle, THUMBNAILS_AT_LATEST_MS);
    return () => clearTimeout(fallback);
  }, [settle]);
  return (
    <section aria-roledescription="carousel" aria-label={name}>
      <div className="relative overflow-hidden rounded-xl border border-gray-200 bg-white">
        <ResponsiveImage
          path={current}
          alt={messages.web.productImage(name, carousel.page + 1)}
          width={800}
          height={800}
          sizes={PRODUCT_GALLERY_IMAGE_SIZES}
          priority
          className="aspect-square w-full object-cover"
          onSettled={settle}
        />
        {many && (
          <>
            <ArrowButton
              direction="previous"
              look="floating"
              onClick={carousel.previous}
              className="absolute top-1/2 left-2 -translate-y-1/2"
            />
            <ArrowButton
              direction="next"
              look="floating"
              onClick={carousel.next}
              className="absolute top-1/2 right-2 -translate-y-1/2"
            />
          </>
        )}
      </div>
      {many && (
        <ul className="mt-2 flex gap-2 overflow-x-auto pb-1">
          {images.map((image, i) => (
            <li key={image} className="shrink-0">
              <button
                type="button"
                onClick={() => carousel.show(i)}
                aria-label={messages.web.showPicture(i + 1)}
                aria-current={i === carousel.page}
                className={`block overflow-hidden rounded-lg border-2 ${i === carousel.page ? "border-brand-700" : "border-transparent"}`}
              >
                {mainSettled ? (
                  <ResponsiveImage
                    path={image}
                    alt=""
                    width={64}
                    height={64}
                    sizes="64px"
                    className="h-16 w-16 object-cover"
                  />
                ) : (
                  <span className="block h-16 w-16 bg-gray-100" />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
