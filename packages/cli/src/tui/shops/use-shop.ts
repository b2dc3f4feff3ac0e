import { followOf, listFollowedShops, loadShopPage } from "@katale/domain";
import { useEffect, useState } from "react";
import { cliMessages } from "../../cli-messages.js";
import { useTui, useTuiServices } from "../tui-context.js";
import { useFailureText } from "../use-failure-text.js";
import { useLoad } from "../use-load.js";

/** A shop's page (shop, products, counts) and whether the signed-in user follows it. */
export function useShop(shopId: number) {
  const services = useTuiServices();
  const { session } = useTui();
  const describe = useFailureText("shop", cliMessages.shopNotFound);
  const page = useLoad(() => loadShopPage(services, shopId, session?.userId ?? null), describe, [shopId]);
  const [following, setFollowing] = useState(false);
  const engagement = services.engagement;

  useEffect(() => {
    if (session === null || engagement === undefined) return;
    void listFollowedShops(engagement).then(
      (r) => r.ok && setFollowing(followOf(r.value, shopId) !== undefined),
    );
  }, [session, engagement, shopId]);

  return { page, following, setFollowing };
}
