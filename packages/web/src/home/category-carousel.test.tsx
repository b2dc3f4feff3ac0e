// @vitest-environment happy-dom
import { aCategory } from "@katale/domain/testing";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setDataSaver } from "../pwa/data-saver.js";
import { renderWithServices, setScreenWidth } from "../testing/test-services.js";
import { CategoryCarousel } from "./category-carousel.js";

const twelve = Array.from({ length: 12 }, (_, i) => aCategory({ id: i + 1, name: `Cat ${i + 1}` }));

function shown(): string[] {
  const carousel = screen.getByRole("region", { name: "Categories" });
  return within(carousel)
    .getAllByRole("link")
    .map((link) => link.textContent ?? "");
}

afterEach(() => {
  cleanup();
  localStorage.removeItem("katale.dataSaver");
});

describe("category banner carousel", () => {
  it("shows each category's initial instead of its picture with data saver, named as before", () => {
    setScreenWidth(1280);
    const plain = renderWithServices(<CategoryCarousel categories={twelve} />);
    expect(plain.container.querySelectorAll("img")).toHaveLength(12);
    cleanup();
    setDataSaver(true);
    const saving = renderWithServices(<CategoryCarousel categories={twelve} />);
    expect(saving.container.querySelector("img")).toBeNull();
    const first = screen.getByRole("link", { name: "Cat 1" });
    expect(first.textContent).toBe("CCat 1");
  });

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
