import { InfiniteScroll, type InfiniteScrollState, type PageLoader } from "@katale/domain";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ResolvedServiceUrls } from "../config/service-urls.js";
import { failureText } from "./failure-text.js";
import { tuiMessages } from "./tui-messages.js";

/** The domain's InfiniteScroll as state: the first page at once, `loadMore` for the next. */
export function useInfinite<T>(
  loader: PageLoader<T>,
  deps: readonly unknown[],
): { readonly state: InfiniteScrollState<T>; loadMore(): void } {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the loader depends on
  const scroll = useMemo(() => new InfiniteScroll(loader), deps);
  const [state, setState] = useState(scroll.state);
  // A page that arrives after the list was made anew (other deps) is not shown.
  const latest = useRef(scroll);
  latest.current = scroll;
  const loadMore = useCallback(() => {
    if (scroll.state.loading || scroll.state.done) return;
    const next = scroll.loadMore();
    setState(scroll.state);
    void next.then((loaded) => {
      if (latest.current === scroll) setState(loaded);
    });
  }, [scroll]);
  useEffect(() => {
    setState(scroll.state);
    loadMore();
  }, [scroll, loadMore]);
  return { state, loadMore };
}

/**
 * The line under an infinite list (of products unless `count` says what): why the next page failed,
 * loading, or how many in all.
 */
export function infiniteFooter<T>(
  state: InfiniteScrollState<T>,
  urls: ResolvedServiceUrls,
  count: (n: number) => string = tuiMessages.productsCount,
): string | undefined {
  if (state.error) return failureText(state.error, urls);
  if (state.loading) return tuiMessages.loadingMore;
  return state.done ? count(state.items.length) : undefined;
}
