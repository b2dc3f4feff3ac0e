import { messages, RATING_CONFIRMATION_MS, RATING_MAX, RATING_STEP } from "@katale/domain";
import { type MouseEvent, useEffect, useId, useRef, useState } from "react";
import { useRateProduct } from "../engagement/use-rate.js";
import { Stars } from "../ui/stars.js";

const VALUES = Array.from({ length: RATING_MAX / RATING_STEP }, (_, i) => (i + 1) * RATING_STEP);
/** Arrow keys move through the stars; the rating is sent once they rest this long. */
const KEYBOARD_SETTLE_MS = 700;

/**
 * 'Rate this product' (spec §2, §9): five stars in half steps, as ten radio buttons laid over them.
 * A click rates at once; with the arrow keys the rating is sent when they stop. 'Thanks for rating
 * this product' shows for 1 s; a failure puts the stars back and says why.
 */
export function RatingWidget({ productId }: { productId: number }) {
  const name = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  const [hover, setHover] = useState<number | null>(null);
  const confirmed = useRef<number | null>(null);
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { rate, rated } = useRateProduct(productId, {
    onFailed: () => setChosen(confirmed.current),
  });
  const [thanks, setThanks] = useState(false);

  useEffect(() => {
    if (rated === null) return;
    confirmed.current = rated.stars;
    setThanks(true);
    const timer = setTimeout(() => setThanks(false), RATING_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [rated]);
  useEffect(() => () => clearTimeout(settle.current), []);

  function choose(stars: number, event: MouseEvent<HTMLInputElement>) {
    clearTimeout(settle.current);
    // A pointer's click has a detail (the click count); the arrow keys' synthetic click has none.
    const byKeyboard = event.detail === 0;
    const send = () => {
      if (!rate(stars)) setChosen(confirmed.current);
    };
    setChosen(stars);
    if (byKeyboard) settle.current = setTimeout(send, KEYBOARD_SETTLE_MS);
    else send();
  }

  return (
    <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <legend className="sr-only">{messages.web.rateProduct}</legend>
      <span aria-hidden="true" className="text-sm text-gray-700">
        {messages.web.rateProduct}
      </span>
      <div className="relative inline-flex">
        <Stars rating={hover ?? chosen ?? 0} size={28} />
        <div className="absolute inset-0 flex">
          {VALUES.map((value) => (
            <label
              key={value}
              className="relative h-full flex-1 cursor-pointer rounded-sm has-focus-visible:outline-2 has-focus-visible:outline-brand-700"
              onMouseEnter={() => setHover(value)}
              onMouseLeave={() => setHover(null)}
            >
              <input
                type="radio"
                name={name}
                value={value}
                checked={chosen === value}
                onChange={() => {}}
                onClick={(event) => choose(value, event)}
                aria-label={messages.web.rateStars(value)}
                // Invisible but the size of its half star: the pointer and touch land on it.
                className="absolute inset-0 m-0 h-full w-full cursor-pointer appearance-none opacity-0"
              />
            </label>
          ))}
        </div>
      </div>
      <span role="status" className="min-h-5 text-sm text-green-700">
        {thanks ? messages.products.rated : ""}
      </span>
    </fieldset>
  );
}
