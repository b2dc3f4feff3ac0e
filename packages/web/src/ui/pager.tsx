import { messages } from "@katale/domain";
import { ArrowButton } from "./arrow-button.js";

export interface PagerProps {
  readonly page: number;
  readonly pageCount: number;
  readonly onPage: (page: number) => void;
  readonly disabled?: boolean;
}

/** Previous / "Page n of m" / next, for listings the service pages. */
export function Pager({ page, pageCount, onPage, disabled }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav
      aria-label={messages.web.page(page, pageCount)}
      className="flex items-center justify-center gap-3 py-6"
    >
      <ArrowButton direction="previous" disabled={disabled || page <= 1} onClick={() => onPage(page - 1)} />
      <span className="text-sm text-gray-700">{messages.web.page(page, pageCount)}</span>
      <ArrowButton
        direction="next"
        disabled={disabled || page >= pageCount}
        onClick={() => onPage(page + 1)}
      />
    </nav>
  );
}
