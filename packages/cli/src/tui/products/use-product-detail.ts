import {
  addReview,
  type Comment,
  followOf,
  isSaved,
  listFollowedShops,
  listSavedProducts,
  loadProductDetail,
  loadReviews,
  messages,
  rateProduct,
  recordProductView,
} from "@katale/domain";
import { useEffect, useState } from "react";
import { cliMessages } from "../../cli-messages.js";
import { starBar } from "../../output/formatting.js";
import { useTui, useTuiServices } from "../tui-context.js";
import { useFailureText } from "../use-failure-text.js";
import { useLoad } from "../use-load.js";

export interface Mine {
  readonly saved: boolean;
  readonly following: boolean;
}

/**
 * A product, its reviews and (signed in) whether it is saved and its shop followed; opening it
 * records the view. `rate` and `review` say how they went on the status line.
 */
export function useProductDetail(slug: string) {
  const services = useTuiServices();
  const { session, say } = useTui();
  const describeDetail = useFailureText("shop", cliMessages.productNotFound);
  const describe = useFailureText();
  const detail = useLoad(
    () => loadProductDetail(services, { slug }, session?.userId ?? null),
    describeDetail,
    [slug],
  );
  const [reviews, setReviews] = useState<readonly Comment[]>([]);
  const [mine, setMine] = useState<Mine>({ saved: false, following: false });
  const product = detail.loaded.state === "ok" ? detail.loaded.value.product : null;
  const engagement = services.engagement;

  // Around the product: its reviews, and (signed in) the view recorded, whether it is saved and the shop followed.
  useEffect(() => {
    if (product === null || engagement === undefined) return;
    void loadReviews(engagement, product.id, 1).then((r) => r.ok && setReviews(r.value.items));
    if (session === null) return;
    void recordProductView(engagement, product.id);
    void Promise.all([listSavedProducts(engagement), listFollowedShops(engagement)]).then(
      ([saved, followed]) =>
        setMine({
          saved: saved.ok && isSaved(saved.value, product.id),
          following: followed.ok && followOf(followed.value, product.shopId) !== undefined,
        }),
    );
  }, [product, engagement, session]);

  const rate = async (stars: number) => {
    if (product === null || engagement === undefined) return;
    if (session === null) return say(messages.common.loginFirst, "error");
    const rated = await rateProduct(engagement, product.id, stars);
    if (!rated.ok) return say(describe(rated.error), "error");
    say(
      `${rated.value.message}: ${starBar(rated.value.stars)} (average ${rated.value.averageRating.toFixed(1)})`,
    );
    detail.reload();
  };

  /** True once the review is posted. */
  const review = async (text: string): Promise<boolean> => {
    if (product === null || engagement === undefined) return false;
    if (session === null) {
      say(messages.common.loginFirst, "error");
      return false;
    }
    const added = await addReview(engagement, product.id, text);
    if (!added.ok) {
      say(describe(added.error), "error");
      return false;
    }
    setReviews((r) => [added.value, ...r]);
    say(messages.reviews.added);
    return true;
  };

  return { detail: detail.loaded, product, reviews, mine, setMine, rate, review };
}
