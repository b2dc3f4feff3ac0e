import { firstScreenMessages as messages, type Product } from "@katale/domain";
import { Bookmark } from "lucide-react";
import { useSaveToggle } from "../engagement/use-saved.js";

/**
 * The save (bookmark) toggle: filled while the product is in the wishlist. Visitors get the
 * 'You need to login first' popup.
 */
export function SaveButton({ product, className = "" }: { product: Product; className?: string }) {
  const { saved, pending, toggle } = useSaveToggle(product);
  return (
    <button
      type="button"
      aria-label={messages.web.saveProduct(product.name)}
      aria-pressed={saved}
      aria-busy={pending}
      onClick={toggle}
      className={`icon-button ${saved ? "text-brand-700" : ""} ${className}`}
    >
      <Bookmark aria-hidden="true" size={20} fill={saved ? "currentColor" : "none"} />
    </button>
  );
}
