// @vitest-environment happy-dom
import { aCategory } from "@katale/domain/testing";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithServices, setScreenWidth } from "../testing/test-services.js";
import { CategoryCarousel } from "./category-carousel.js";

const twelve = Array.from({ length: 12 }, (_, i) => aCategory({ id: i + 1, name: `Cat ${i + 1}` }));

function shown(): string[] {
  const carousel = screen.getByRole("region", { name: "Categories" });
  return within(carousel)
    .getAllByRole("link")
    .map((link) => link.textContent ?? "");
}

afterEach(cleanup);

describe("category banner carousel", () => {
  it("shows all 12 on one page on a wide screen, without arrows", () => {
    setScreenWidth(1280);
    renderWithServices(<CategoryCarousel categories={twelve} />);
    expect(shown()).toHaveLength(12);
    expect(screen.queryByRole("button", { name: /Next/ })).toBeNull();
  });

  it("shows 4 at a time at 768 px and pages forward, wrapping to the first page", () => {
    setScreenWidth(768);
    renderWithServices(<CategoryCarousel categories={twelve} />);
    expect(shown()).toEqual(["Cat 1", "Cat 2", "Cat 3", "Cat 4"]);
    const next = screen.getByRole("button", { name: "Next: Categories" });
    fireEvent.click(next);
    expect(shown()).toEqual(["Cat 5", "Cat 6", "Cat 7", "Cat 8"]);
    fireEvent.click(next);
    fireEvent.click(next);
    expect(shown()).toEqual(["Cat 1", "Cat 2", "Cat 3", "Cat 4"]);
  });

  it("goes back from the first page to the last", () => {
    setScreenWidth(360);
    renderWithServices(<CategoryCarousel categories={twelve} />);
    fireEvent.click(screen.getByRole("button", { name: "Previous: Categories" }));
    expect(shown()).toEqual(["Cat 9", "Cat 10", "Cat 11", "Cat 12"]);
  });

  it("says so when there are no categories", () => {
    renderWithServices(<CategoryCarousel categories={[]} />);
    expect(screen.getByText("No Categories yet")).toBeTruthy();
  });
});
