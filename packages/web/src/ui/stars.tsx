import { firstScreenMessages as messages, starFills } from "@katale/domain";

// Lucide's star outline (24 × 24), drawn once per star.
const STAR =
  "M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z";
const FIVE = [0, 1, 2, 3, 4];

function Outlines() {
  return (
    <>
      {FIVE.map((i) => (
        <path key={i} d={STAR} transform={`translate(${i * 24} 0)`} />
      ))}
    </>
  );
}

/**
 * Five stars for a 0–5 rating in half steps: one small SVG per rating (grey outlines, and the same
 * stars in amber cut at the rating), since a grid of cards shows many of them.
 */
export function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  const filled = starFills(rating).reduce(
    (sum, fill) => sum + (fill === "full" ? 1 : fill === "half" ? 0.5 : 0),
    0,
  );
  const width = filled * 24;
  return (
    <span role="img" aria-label={messages.web.rating(rating)} className="inline-flex">
      <svg
        aria-hidden="true"
        width={size * 5}
        height={size}
        viewBox="0 0 120 24"
        fill="none"
        strokeWidth={2}
        strokeLinejoin="round"
      >
        <g stroke="currentColor" className="text-gray-300">
          <Outlines />
        </g>
        {width > 0 && (
          // A nested svg clips what it draws to its own box: the amber stars up to the rating.
          <svg
            aria-hidden="true"
            width={width}
            height={24}
            viewBox={`0 0 ${width} 24`}
            className="text-amber-500"
          >
            <g fill="currentColor" stroke="currentColor">
              <Outlines />
            </g>
          </svg>
        )}
      </svg>
    </span>
  );
}
