import { describe, expect, it } from "vitest";
import type { Page } from "../page.js";
import { err, ok, type Result } from "../result.js";
import { someProducts } from "../testing/builders.js";
import { InMemoryProductGateway } from "../testing/in-memory-product-gateway.js";
import { forYouFeed, InfiniteScroll } from "./infinite-scroll.js";

describe("For you feed (infinite scroll)", () => {
  it("appends pages of 8 until the last page, then stops asking", async () => {
    const gateway = new InMemoryProductGateway(someProducts(20));
    const feed = forYouFeed(gateway);
    await feed.loadMore();
    await feed.loadMore();
    const last = await feed.loadMore();
    expect(last.items).toHaveLength(20);
    expect(last.done).toBe(true);
    await feed.loadMore();
    expect(gateway.pageRequests).toEqual([
      { page: 1, pageSize: 8 },
      { page: 2, pageSize: 8 },
      { page: 3, pageSize: 8 },
    ]);
  });

  it("keeps items in the order the pages came", async () => {
    const products = someProducts(10);
    const feed = forYouFeed(new InMemoryProductGateway(products));
    await feed.loadMore();
    const state = await feed.loadMore();
    expect(state.items.map((p) => p.id)).toEqual(products.map((p) => p.id));
  });

  it("stops on an empty page", async () => {
    const feed = new InfiniteScroll<number>(async (page) => ok(pageOf(page === 1 ? [1, 2] : [], page, true)));
    await feed.loadMore();
    const state = await feed.loadMore();
    expect(state).toMatchObject({ items: [1, 2], done: true, error: null });
  });

  it("stops on 'Invalid page.' without showing an error", async () => {
    const feed = new InfiniteScroll<number>(async (page) =>
      page === 1 ? ok(pageOf([1], 1, true)) : err({ kind: "invalid-page" }),
    );
    await feed.loadMore();
    const state = await feed.loadMore();
    expect(state).toMatchObject({ items: [1], done: true, error: null });
  });

  it("keeps the page after a network failure and retries it", async () => {
    const answers: Result<Page<number>>[] = [err({ kind: "network" }), ok(pageOf([7], 1, false))];
    const asked: number[] = [];
    const feed = new InfiniteScroll<number>(async (page) => {
      asked.push(page);
      return answers.shift()!;
    });
    const failed = await feed.loadMore();
    expect(failed).toMatchObject({ items: [], done: false, error: { kind: "network" } });
    const retried = await feed.loadMore();
    expect(retried).toMatchObject({ items: [7], done: true, error: null });
    expect(asked).toEqual([1, 1]);
  });

  it("ignores a second loadMore while a page is loading", async () => {
    let release: () => void = () => {};
    let calls = 0;
    const feed = new InfiniteScroll<number>(async (page) => {
      calls++;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return ok(pageOf([page], page, true));
    });
    const first = feed.loadMore();
    await feed.loadMore();
    release();
    await first;
    expect(calls).toBe(1);
    expect(feed.state.items).toEqual([1]);
  });

  it("reset starts again from page 1", async () => {
    const feed = forYouFeed(new InMemoryProductGateway(someProducts(3)));
    await feed.loadMore();
    expect(feed.reset()).toMatchObject({ items: [], nextPage: 1, done: false });
  });
});

function pageOf<T>(items: T[], page: number, hasNext: boolean): Page<T> {
  return { items, count: 99, page, hasNext, hasPrevious: page > 1 };
}
