import {
  errorMessage,
  type FollowRecord,
  followOf,
  listFollowedShops,
  ok,
  type Result,
  type ShopPage,
  setFollowing,
} from "@katale/domain";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useServices } from "../app/services-context.js";
import { useLoginPrompt } from "../auth/login-prompt-context.js";
import { useSession } from "../auth/use-session.js";
import { useNotice } from "../ui/notices.js";
import { FOLLOWED_SHOPS_KEY, FOLLOWED_SHOPS_PRODUCTS_KEY } from "./engagement-keys.js";
import { needsLogin } from "./needs-login.js";

/** The shops the signed-in user follows; the account list reads it again each time it opens (`fresh`). */
export function useFollowedShops({ fresh = false }: { fresh?: boolean } = {}) {
  const { follows, local } = useServices();
  const { loggedIn } = useSession();
  return useQuery({
    queryKey: FOLLOWED_SHOPS_KEY,
    ...(fresh ? { staleTime: 0 } : {}),
    enabled: loggedIn,
    queryFn: () => listFollowedShops({ follows, storage: local }),
  });
}

/** What a follow record needs of the shop. */
export type FollowedShop = FollowRecord["shop"];

function followedShop({ id, name, coverImage, displayImage }: FollowedShop): FollowedShop {
  return { id, name, coverImage, displayImage };
}

/** A shop page's follower count moved by `by`, or set to `to`, wherever that page is cached. */
function setFollowerCount(client: QueryClient, shopId: number, count: (old: number) => number) {
  client.setQueriesData<Result<ShopPage>>({ queryKey: ["shop-page"] }, (old) =>
    old?.ok && old.value.shop.id === shopId
      ? ok({ ...old.value, numberOfFollowers: Math.max(0, count(old.value.numberOfFollowers ?? 0)) })
      : old,
  );
}

/**
 * Follow/Unfollow of a shop (spec §4): following or not as the user's follow list says; `toggle`
 * shows the other state at once (the button and the shop page's follower count) and asks the
 * service for that state (so a repeat or a retry cannot undo it); a failure rolls back with the
 * reason. Visitors get the login-needed popup.
 */
export function useFollowToggle(shop: FollowedShop) {
  const services = useServices();
  const client = useQueryClient();
  const promptLogin = useLoginPrompt();
  const notify = useNotice();
  const { loggedIn } = useSession();
  const list = useFollowedShops();
  const following = list.data?.ok === true && followOf(list.data.value, shop.id) !== undefined;

  const mutation = useMutation({
    mutationFn: (wanted: boolean) =>
      setFollowing({ follows: services.follows, storage: services.local }, shop.id, wanted),
    onMutate: async (wanted) => {
      await client.cancelQueries({ queryKey: FOLLOWED_SHOPS_KEY });
      const previous = client.getQueryData<Result<FollowRecord[]>>(FOLLOWED_SHOPS_KEY);
      if (previous?.ok && (followOf(previous.value, shop.id) !== undefined) !== wanted) {
        const next = wanted
          ? [{ id: -shop.id, shop: followedShop(shop) }, ...previous.value]
          : previous.value.filter((r) => r.shop.id !== shop.id);
        client.setQueryData(FOLLOWED_SHOPS_KEY, ok(next));
        setFollowerCount(client, shop.id, (n) => n + (wanted ? 1 : -1));
      }
      return { previous };
    },
    onSuccess: (answer, _wanted, context) => {
      if (!answer.ok) {
        rollBack(context.previous);
        if (needsLogin(answer.error)) promptLogin();
        else notify(errorMessage(answer.error), "error");
        return;
      }
      void client.invalidateQueries({ queryKey: FOLLOWED_SHOPS_KEY });
      void client.invalidateQueries({ queryKey: FOLLOWED_SHOPS_PRODUCTS_KEY });
      // A followers list on screen is read again; the shop page's count already moved.
      void client.invalidateQueries({ queryKey: ["followers", shop.id] });
      notify(answer.value.message);
    },
    onError: (_error, _wanted, context) => {
      rollBack(context?.previous);
      notify(errorMessage({ kind: "network" }), "error");
    },
  });

  function rollBack(previous: Result<FollowRecord[]> | undefined) {
    client.setQueryData(FOLLOWED_SHOPS_KEY, previous);
    void client.invalidateQueries({ queryKey: ["shop-page"] });
  }

  function toggle() {
    if (!loggedIn) {
      promptLogin();
      return;
    }
    if (!mutation.isPending) mutation.mutate(!following);
  }
  return { following, pending: mutation.isPending, toggle };
}
