// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { NARROW_BREAKPOINT_PX } from "@katale/domain";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { NARROW_QUERY, useMediaQuery, useNarrow } from "./use-media-query.js";

// A window whose width the test sets; it answers min-width and max-width queries as a browser does
// and tells the listeners when the width changes.
let width = 1280;
const listeners = new Set<() => void>();
function matches(query: string): boolean {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+)px/.exec(query);
  return (min === null || width >= Number(min[1])) && (max === null || width <= Number(max[1]));
}
window.matchMedia = ((query: string) => ({
  get matches() {
    return matches(query);
  },
  media: query,
  addEventListener: (_: string, listener: () => void) => listeners.add(listener),
  removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
})) as unknown as typeof window.matchMedia;

function resize(to: number) {
  width = to;
  for (const listener of listeners) listener();
}

function Layout() {
  const narrow = useNarrow();
  const wide = !narrow;
  return (
    <p>
      {narrow && "narrow"}
      {wide && "wide"}
    </p>
  );
}

afterEach(cleanup);

describe("one breakpoint for the layouts", () => {
  it("asks for the domain's breakpoint", () => {
    expect(NARROW_QUERY).toBe(`(max-width: ${NARROW_BREAKPOINT_PX}px)`);
  });

  it.each([
    [360, "narrow"],
    [767, "narrow"],
    [768, "narrow"],
    [769, "wide"],
    [1280, "wide"],
  ])("at %i px exactly one layout applies: %s", (at, layout) => {
    resize(at);
    render(<Layout />);
    expect(screen.getByRole("paragraph").textContent).toBe(layout);
  });

  it("follows the window as it is resized", () => {
    resize(1280);
    render(<Layout />);
    act(() => resize(768));
    expect(screen.getByRole("paragraph").textContent).toBe("narrow");
    act(() => resize(769));
    expect(screen.getByRole("paragraph").textContent).toBe("wide");
  });

  it("answers any query", () => {
    resize(500);
    function Probe() {
      return <p>{String(useMediaQuery("(min-width: 400px)"))}</p>;
    }
    render(<Probe />);
    expect(screen.getByRole("paragraph").textContent).toBe("true");
  });

  it("has Tailwind's md layouts start just above the breakpoint, so CSS and hooks agree at 768 px", () => {
    // Vitest hands CSS imports over empty, so the stylesheet is read from disk.
    const css = readFileSync(fileURLToPath(import.meta.url).replace(/ui\/[^/]+$/, "index.css"), "utf8");
    const md = /--breakpoint-md:\s*([\d.]+)rem/.exec(css);
    const px = Number(md?.[1]) * 16;
    expect(px).toBeGreaterThan(NARROW_BREAKPOINT_PX);
    expect(px).toBeLessThan(NARROW_BREAKPOINT_PX + 1);
  });
});
