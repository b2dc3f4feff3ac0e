import { firstScreenMessages as messages } from "@katale/domain";
import { Link } from "react-router";

export function Logo() {
  return (
    <Link
      to="/"
      className="flex shrink-0 items-center gap-2 text-xl font-bold text-brand-700"
      aria-label={`${messages.web.brand}, ${messages.web.home}`}
    >
      <img src="/favicon.svg" alt="" width={32} height={32} className="h-8 w-8" />
      <span className="hidden sm:inline">{messages.web.brand}</span>
    </Link>
  );
}
