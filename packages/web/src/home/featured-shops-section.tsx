import { errorMessage, firstScreenMessages as messages } from "@katale/domain";
import { ShopCard } from "../shops/shop-card.js";
import { EmptyState } from "../ui/empty-state.js";
import { Spinner } from "../ui/spinner.js";
import { Section } from "./section.js";
import { useFeaturedShops } from "./use-home.js";

/** Featured shops: the 4 best rated. A failure other than the network reads 'no shops' (spec §8). */
export function FeaturedShopsSection() {
  const query = useFeaturedShops();
  const result = query.data;
  return (
    <Section title={messages.home.featuredShops}>
      {result === undefined ? (
        <Spinner />
      ) : !result.ok ? (
        <EmptyState>
          {result.error.kind === "network" ? errorMessage(result.error) : messages.home.noShops}
        </EmptyState>
      ) : result.value.length === 0 ? (
        <EmptyState>{messages.home.noShops}</EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {result.value.map((featured) => (
            <li key={featured.shop.id}>
              <ShopCard shop={featured.shop} rating={featured.averageTotalRating} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
