// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { WhenNear } from "./when-near.js";

// A controllable IntersectionObserver: the test says when the spot comes near the viewport.
let observers: { callback: IntersectionObserverCallback; margin: string | undefined; live: boolean }[] = [];
beforeEach(() => {
  observers = [];
  globalThis.IntersectionObserver = class {
    private entry: { callback: IntersectionObserverCallback; margin: string | undefined; live: boolean };
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, margin: options?.rootMargin, live: true };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.live = false;
    }
  } as unknown as typeof IntersectionObserver;
});
afterEach(cleanup);

function report(isIntersecting: boolean) {
  act(() => {
    for (const o of observers.filter((x) => x.live)) {
      o.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  });
}

describe("content rendered when near the viewport", () => {
  it("holds the placeholder until the spot comes within 200 px, then shows the content for good", () => {
    render(
      <WhenNear placeholder={<p>room</p>}>
        <p>the reviews</p>
      </WhenNear>,
    );
    expect(screen.getByText("room")).toBeTruthy();
    expect(screen.queryByText("the reviews")).toBeNull();
    expect(observers[0]?.margin).toBe("0px 0px 200px 0px");

    report(false);
    expect(screen.queryByText("the reviews")).toBeNull();

    report(true);
    expect(screen.getByText("the reviews")).toBeTruthy();
    expect(screen.queryByText("room")).toBeNull();
    expect(observers.every((o) => !o.live)).toBe(true);
  });

  it("with orWhenIdle, shows the content at the first idle moment even if never near", async () => {
    render(
      <WhenNear placeholder={<p>room</p>} orWhenIdle>
        <p>the shops</p>
      </WhenNear>,
    );
    expect(screen.queryByText("the shops")).toBeNull();
    expect(await screen.findByText("the shops")).toBeTruthy();
  });

  it("shows the content at once where the browser cannot observe", () => {
    // @ts-expect-error: a browser without IntersectionObserver
    globalThis.IntersectionObserver = undefined;
    render(
      <WhenNear placeholder={<p>room</p>}>
        <p>the reviews</p>
      </WhenNear>,
    );
    expect(screen.getByText("the reviews")).toBeTruthy();
  });
});
