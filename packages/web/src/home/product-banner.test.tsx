// @vitest-environment happy-dom
import { bannerItems } from "@katale/domain";
import { aProduct } from "@katale/domain/testing";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithServices } from "../testing/test-services.js";
import { ProductBanner } from "./product-banner.js";

afterEach(cleanup);

const twelve = bannerItems(
  Array.from({ length: 12 }, (_, i) => aProduct({ id: i + 1, slug: `p-${i + 1}`, images: ["/a.jpg"] })),
);

const dots = () => screen.getAllByRole("button", { name: /^Go to slide/ });
/** The slide numbers of the dots a phone shows (`hidden` is display: none below the sm breakpoint). */
const onPhone = () =>
  dots()
    .filter((dot) => !dot.classList.contains("hidden"))
    .map((dot) => Number(dot.getAttribute("aria-label")?.replace("Go to slide ", "")));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe("product banner dots", () => {
  it("keeps a labelled dot button per slide, a phone showing seven around the current one", () => {
    renderWithServices(<ProductBanner slides={twelve} label="Featured products" />);
    expect(dots()).toHaveLength(12);
    expect(onPhone()).toEqual(range(1, 7));

    fireEvent.click(screen.getByRole("button", { name: "Go to slide 7" }));
    expect(screen.getByRole("button", { name: "Go to slide 7" }).getAttribute("aria-current")).toBe("true");
    expect(onPhone()).toEqual(range(4, 10));

    fireEvent.click(screen.getByRole("button", { name: "Go to slide 12" }));
    expect(onPhone()).toEqual(range(6, 12));
    // Wrapping from the last slide to the first brings the first dots back.
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(onPhone()).toEqual(range(1, 7));
  });

  it("shows every dot on a phone when there are few slides", () => {
    renderWithServices(<ProductBanner slides={twelve.slice(0, 5)} label="Featured products" />);
    expect(onPhone()).toEqual(range(1, 5));
  });
});
