// @vitest-environment happy-dom
import { aCategory, aSubCategory, InMemoryCategoryGateway } from "@katale/domain/testing";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithServices, testServices } from "../testing/test-services.js";
import { CategoryMenu } from "./category-menu.js";

afterEach(cleanup);

function open() {
  const categories = new InMemoryCategoryGateway(
    [aCategory({ id: 1, name: "Electronics" }), aCategory({ id: 2, name: "Fashion" })],
    [
      aSubCategory({ id: 11, name: "Televisions", categoryId: 1 }),
      aSubCategory({ id: 21, name: "Shoes", categoryId: 2 }),
      aSubCategory({ id: 22, name: "Kitenge", categoryId: 2 }),
    ],
  );
  renderWithServices(<CategoryMenu />, testServices({ categories }));
  return screen.getByRole("button", { name: "Category" });
}

const focused = () => document.activeElement?.textContent;
const key = (name: string) => fireEvent.keyDown(document.activeElement!, { key: name });

describe("desktop Category menu by keyboard", () => {
  it("reaches the sub categories of any category with the arrow keys, and Escape returns", async () => {
    const button = open();
    button.focus();
    key("ArrowDown");
    await waitFor(() => expect(focused()).toBe("Electronics"));
    expect(button.getAttribute("aria-expanded")).toBe("true");

    key("ArrowDown");
    expect(focused()).toBe("Fashion");
    // Fashion's sub categories, not the last category's: the right column follows focus.
    await waitFor(() => expect(screen.getByRole("link", { name: "Kitenge" })).toBeTruthy());
    key("ArrowRight");
    expect(focused()).toBe("Shoes");
    key("ArrowDown");
    expect(focused()).toBe("Kitenge");
    key("ArrowDown");
    expect(focused()).toBe("Shoes");
    key("ArrowLeft");
    expect(focused()).toBe("Fashion");
    key("ArrowUp");
    expect(focused()).toBe("Electronics");

    key("Escape");
    await waitFor(() => expect(screen.queryByRole("link", { name: "Electronics" })).toBeNull());
    expect(document.activeElement).toBe(button);
  });
});

describe("desktop Category menu by pointer", () => {
  const expanded = (button: HTMLElement) => button.getAttribute("aria-expanded");

  it("stays open when the button is clicked after hovering opened it", async () => {
    const button = open();
    fireEvent.mouseEnter(button);
    expect(expanded(button)).toBe("true");
    fireEvent.click(button);
    expect(expanded(button)).toBe("true");
    expect(await screen.findByRole("link", { name: "Electronics" })).toBeTruthy();

    // A second click closes it, as does a press elsewhere after it is opened again.
    fireEvent.click(button);
    expect(expanded(button)).toBe("false");
    fireEvent.click(button);
    expect(expanded(button)).toBe("true");
    fireEvent.mouseDown(document.body);
    expect(expanded(button)).toBe("false");
  });

  it("opens on a click when hovering left it closed, and closes on Escape", () => {
    const button = open();
    fireEvent.mouseEnter(button);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(expanded(button)).toBe("false");
    fireEvent.click(button);
    expect(expanded(button)).toBe("true");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(expanded(button)).toBe("false");
  });

  it("toggles on clicks without a hover first (what Enter and Space do on the button)", () => {
    const button = open();
    fireEvent.click(button);
    expect(expanded(button)).toBe("true");
    fireEvent.click(button);
    expect(expanded(button)).toBe("false");
  });
});
