import type { InfiniteScroll, InfiniteScrollState } from "@katale/domain";
import { useCallback, useState } from "react";

export interface InfiniteFeed<T> {
  readonly state: InfiniteScrollState<T>;
  loadMore(): void;
}

/** The domain's infinite scroll as React state; extra calls while a page loads are ignored there. */
export function useInfiniteFeed<T>(create: () => InfiniteScroll<T>): InfiniteFeed<T> {
  const [feed] = useState(create);
  const [state, setState] = useState(feed.state);
  const loadMore = useCallback(() => {
    if (feed.state.loading || feed.state.done) return;
    const answer = feed.loadMore();
    setState(feed.state);
    answer.then(setState);
  }, [feed]);
  return { state, loadMore };
}
