// @vitest-environment happy-dom
import { err, ok } from "@katale/domain";
import { InMemoryProductGateway, someProducts } from "@katale/domain/testing";
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderWithServices, testServices } from "../testing/test-services.js";
import { ForYouFeed } from "./for-you-feed.js";

// A controllable IntersectionObserver: the test says when the end of the list comes into view.
let observers: { callback: IntersectionObserverCallback; live: boolean }[] = [];
beforeEach(() => {
  observers = [];
  globalThis.IntersectionObserver = class {
    private entry: { callback: IntersectionObserverCallback; live: boolean };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, live: true };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.live = false;
    }
  } as unknown as typeof IntersectionObserver;
});
afterEach(cleanup);

async function scrollToEnd() {
  await act(async () => {
    for (const o of observers.filter((x) => x.live)) {
      o.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  });
}

const cards = () => screen.queryAllByRole("article").length;

describe("For you (infinite scroll)", () => {
  it("adds 8 products each time the end comes into view, then stops", async () => {
    const products = new InMemoryProductGateway(someProducts(20));
    renderWithServices(<ForYouFeed />, testServices({ products }));
    await scrollToEnd();
    await waitFor(() => expect(cards()).toBe(8));
    await scrollToEnd();
    await waitFor(() => expect(cards()).toBe(16));
    await scrollToEnd();
    await waitFor(() => expect(cards()).toBe(20));
    expect(screen.getByText("No more products")).toBeTruthy();
    await scrollToEnd();
    expect(products.pageRequests.map((r) => r.page)).toEqual([1, 2, 3]);
    expect(products.pageRequests.every((r) => r.pageSize === 8)).toBe(true);
  });

  it("stops quietly on 'Invalid page.'", async () => {
    // The count promises more, but page 2 no longer exists.
    const products = new InMemoryProductGateway();
    products.listForYouPage = async (page) =>
      page === 1
        ? ok({ items: someProducts(8), count: 99, page: 1, hasNext: true, hasPrevious: false })
        : err({ kind: "invalid-page" });
    renderWithServices(<ForYouFeed />, testServices({ products }));
    await scrollToEnd();
    await waitFor(() => expect(cards()).toBe(8));
    await scrollToEnd();
    await waitFor(() => expect(screen.getByText("No more products")).toBeTruthy());
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the connection message with a retry on a network failure", async () => {
    const products = new InMemoryProductGateway(someProducts(3));
    products.failures.set("listForYouPage", { kind: "network" });
    renderWithServices(<ForYouFeed />, testServices({ products }));
    await scrollToEnd();
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toContain("Please check your internet connection"),
    );
  });
});
