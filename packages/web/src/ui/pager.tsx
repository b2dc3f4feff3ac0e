import { messages } from "@katale/domain";
import { ChevronLeft, ChevronRight } from "lucide-react";

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
      <button
        type="button"
        className="icon-button border border-gray-200 bg-white disabled:opacity-40"
        aria-label={messages.web.previous}
        disabled={disabled || page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeft aria-hidden="true" size={20} />
      </button>
      <span className="text-sm text-gray-700">{messages.web.page(page, pageCount)}</span>
      <button
        type="button"
        className="icon-button border border-gray-200 bg-white disabled:opacity-40"
        aria-label={messages.web.next}
        disabled={disabled || page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        <ChevronRight aria-hidden="true" size={20} />
      </button>
    </nav>
  );
}
