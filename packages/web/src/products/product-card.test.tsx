// @vitest-environment happy-dom
import { aProduct } from "@katale/domain/testing";
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithServices } from "../testing/test-services.js";
import { ProductCard } from "./product-card.js";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("product card", () => {
  it("shows name, shop with verified tick, stock, UGX price and review count", () => {
    const product = aProduct({
      name: "Tecno Spark 20",
      price: 1_250_000,
      inStock: 3,
      numberOfUsersRated: 1,
      averageRating: 4.5,
      shopVerificationStatus: "VERIFIED",
    });
    renderWithServices(<ProductCard product={product} />);
    expect(screen.getByRole("heading", { name: "Tecno Spark 20" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "Verified shop" })).toBeTruthy();
    expect(screen.getByText("In stock: 3")).toBeTruthy();
    expect(screen.getByText("UGX 1,250,000")).toBeTruthy();
    expect(screen.getByText("(1 rating)")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Rated 4.5 out of 5" })).toBeTruthy();
    expect(screen.getByRole("link").getAttribute("href")).toBe(`/item/${product.slug}`);
  });

  it("has no verified tick for an unverified shop and says Reviews for many", () => {
    renderWithServices(
      <ProductCard product={aProduct({ shopVerificationStatus: "UNVERIFIED", numberOfUsersRated: 7 })} />,
    );
    expect(screen.queryByRole("img", { name: "Verified shop" })).toBeNull();
    expect(screen.getByText("(7 ratings)")).toBeTruthy();
  });

  it("gives the image a size and the -240/-480/-800 variants", () => {
    renderWithServices(
      <ProductCard product={aProduct({ name: "Kettle", images: ["/media/products/k1.webp"] })} />,
    );
    const image = screen.getByRole("img", { name: "Kettle" });
    expect(image.getAttribute("width")).toBe("480");
    expect(image.getAttribute("height")).toBe("480");
    expect(image.getAttribute("srcset")).toContain("/media/products/k1-240.webp 240w");
    expect(image.getAttribute("srcset")).toContain("/media/products/k1-800.webp 800w");
    expect(image.getAttribute("loading")).toBe("lazy");
  });

  it("bookmark asks a visitor to log in; Login shows a loader for 1 s, then goes to /login", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithServices(<ProductCard product={aProduct({ name: "Kettle" })} />);
    fireEvent.click(screen.getByRole("button", { name: "Save Kettle" }));
    expect((await screen.findByRole("dialog")).textContent).toContain("You need to login first");
    const login = screen.getByRole("button", { name: "Login" });
    fireEvent.click(login);
    expect(login.getAttribute("aria-busy")).toBe("true");
    expect(screen.queryByTestId("location")).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByTestId("location")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
