import { firstScreenMessages as messages } from "@katale/domain";
import { ChevronLeft, ChevronRight } from "lucide-react";

const LOOKS = {
  /** Beside a row of items or a pager: a white round button with a border. */
  outlined: { className: "border border-gray-200 bg-white disabled:opacity-40", size: 20 },
  /** Over a picture: translucent white with a shadow. */
  floating: { className: "bg-white/90 shadow", size: 22 },
} as const;

export interface ArrowButtonProps {
  readonly direction: "previous" | "next";
  readonly onClick: () => void;
  /** What it pages through, read out after 'Previous'/'Next' ('Next: Categories'). */
  readonly of?: string;
  readonly disabled?: boolean;
  readonly look?: keyof typeof LOOKS;
  /** Where it sits (grid cell, absolute position). */
  readonly className?: string;
}

/** The previous/next chevron of carousels, galleries and pagers, labelled for screen readers. */
export function ArrowButton({
  direction,
  onClick,
  of,
  disabled,
  look = "outlined",
  className = "",
}: ArrowButtonProps) {
  const word = direction === "previous" ? messages.web.previous : messages.web.next;
  const Chevron = direction === "previous" ? ChevronLeft : ChevronRight;
  const { className: lookClass, size } = LOOKS[look];
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={of === undefined ? word : `${word}: ${of}`}
      className={`icon-button ${lookClass} ${className}`}
    >
      <Chevron aria-hidden="true" size={size} />
    </button>
  );
}
