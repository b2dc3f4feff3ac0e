import type { ReactNode } from "react";
import { Link } from "react-router";
import { useShopLink } from "./use-shop-link.js";

/** A link to a shop's customer page; plain text for the moment its link is being made. */
export function ShopLink({
  shopId,
  className,
  children,
}: {
  shopId: number;
  className?: string;
  children: ReactNode;
}) {
  const path = useShopLink(shopId);
  return path === null ? (
    <span className={className}>{children}</span>
  ) : (
    <Link to={path} className={className}>
      {children}
    </Link>
  );
}
