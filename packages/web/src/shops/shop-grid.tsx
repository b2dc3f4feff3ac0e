import type { Shop } from "@katale/domain";
import { ShopCard } from "./shop-card.js";

export function ShopGrid({ shops }: { shops: readonly Shop[] }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {shops.map((shop) => (
        <li key={shop.id}>
          <ShopCard shop={shop} />
        </li>
      ))}
    </ul>
  );
}
