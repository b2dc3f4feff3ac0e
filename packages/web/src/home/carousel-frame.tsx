import { firstScreenMessages as messages } from "@katale/domain";
import type { ReactNode } from "react";
import { ArrowButton } from "../ui/arrow-button.js";

export interface CarouselFrameProps {
  readonly label: string;
  readonly page: number;
  readonly pageCount: number;
  readonly onPrevious: () => void;
  readonly onNext: () => void;
  readonly children: ReactNode;
}

// Narrow screens: the items on the first row, the arrows under them (so they neither cover nor
// squeeze the items). Wider than 768 px: previous, items, next on one row. Every piece has its cell.
const GRID = "grid grid-cols-2 items-center gap-2 md:grid-cols-[auto_minmax(0,1fr)_auto]";
const PREVIOUS_CELL = "col-start-1 row-start-2 justify-self-start md:row-start-1";
const ITEMS_CELL = "col-span-2 col-start-1 row-start-1 min-w-0 md:col-span-1 md:col-start-2";
const NEXT_CELL = "col-start-2 row-start-2 justify-self-end md:col-start-3 md:row-start-1";

/** Previous/next arrows around a carousel's visible page, announced as "page n of m". */
export function CarouselFrame({ label, page, pageCount, onPrevious, onNext, children }: CarouselFrameProps) {
  const arrows = pageCount > 1;
  return (
    <section aria-roledescription="carousel" aria-label={label} className="relative">
      <div aria-live="polite" aria-atomic="false" className="sr-only">
        {messages.web.slideOf(page + 1, pageCount)}
      </div>
      {arrows ? (
        <div className={GRID}>
          <ArrowButton
            direction="previous"
            of={label}
            onClick={onPrevious}
            className={`shadow-sm ${PREVIOUS_CELL}`}
          />
          <div className={ITEMS_CELL}>{children}</div>
          <ArrowButton direction="next" of={label} onClick={onNext} className={`shadow-sm ${NEXT_CELL}`} />
        </div>
      ) : (
        <div className="min-w-0">{children}</div>
      )}
    </section>
  );
}

/** A carousel's room while its items load: the frame's layout, with spacers where the arrows go. */
export function CarouselFramePlaceholder({ arrows, children }: { arrows: boolean; children: ReactNode }) {
  if (!arrows)
    return (
      <div aria-hidden="true" className="min-w-0">
        {children}
      </div>
    );
  return (
    <div aria-hidden="true" className={GRID}>
      <div className={`h-11 w-11 ${PREVIOUS_CELL}`} />
      <div className={ITEMS_CELL}>{children}</div>
      <div className={`h-11 w-11 ${NEXT_CELL}`} />
    </div>
  );
}
