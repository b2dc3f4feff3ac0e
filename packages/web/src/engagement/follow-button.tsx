import { messages } from "@katale/domain";
import { type FollowedShop, useFollowToggle } from "./use-follow.js";

/** Follow/Unfollow (spec §2, §4): pressed while following; busy while the change is on its way. */
export function FollowButton({ shop }: { shop: FollowedShop }) {
  const { following, pending, toggle } = useFollowToggle(shop);
  return (
    <button
      type="button"
      className={following ? "btn-secondary" : "btn-primary"}
      aria-pressed={following}
      aria-busy={pending}
      aria-label={messages.web.followShop(shop.name)}
      onClick={toggle}
    >
      {following ? messages.shops.unfollow : messages.shops.follow}
    </button>
  );
}
