// @vitest-environment happy-dom
import { err, SERVICES_CATEGORY_ID } from "@katale/domain";
import { InMemoryProductGateway, someProducts } from "@katale/domain/testing";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithServices, setScreenWidth, testServices } from "../testing/test-services.js";
import { PromoGridSection } from "./promo-grid-section.js";

const services = (n: number) =>
  someProducts(n, { categoryId: SERVICES_CATEGORY_ID }).map((p, i) => ({ ...p, name: `Service ${i + 1}` }));
const names = () => screen.queryAllByRole("heading", { level: 3 }).map((h) => h.textContent);

afterEach(cleanup);

describe("promo grid (category 5)", () => {
  it("shows 4 on a wide screen and pages forward and back", async () => {
    setScreenWidth(1280);
    renderWithServices(
      <PromoGridSection />,
      testServices({ products: new InMemoryProductGateway(services(6)) }),
    );
    await waitFor(() => expect(names()).toEqual(["Service 1", "Service 2", "Service 3", "Service 4"]));
    fireEvent.click(screen.getByRole("button", { name: "Next: Services" }));
    await waitFor(() => expect(names()).toEqual(["Service 5", "Service 6"]));
    fireEvent.click(screen.getByRole("button", { name: "Previous: Services" }));
    await waitFor(() => expect(names()).toEqual(["Service 1", "Service 2", "Service 3", "Service 4"]));
  });

  it("shows 1 at a time on a phone and starts again after the last", async () => {
    setScreenWidth(360);
    renderWithServices(
      <PromoGridSection />,
      testServices({ products: new InMemoryProductGateway(services(2)) }),
    );
    await waitFor(() => expect(names()).toEqual(["Service 1"]));
    const next = screen.getByRole("button", { name: "Next: Services" });
    fireEvent.click(next);
    await waitFor(() => expect(names()).toEqual(["Service 2"]));
    fireEvent.click(next);
    await waitFor(() => expect(names()).toEqual(["Service 1"]));
  });

  it("goes back to page 1 when the service answers 'Invalid page.'", async () => {
    setScreenWidth(360);
    const products = new InMemoryProductGateway(services(3));
    const original = products.listCategoryProductsPage.bind(products);
    const asked: number[] = [];
    products.listCategoryProductsPage = async (id, page, size) => {
      asked.push(page);
      return page === 2 ? err({ kind: "invalid-page" }) : original(id, page, size);
    };
    renderWithServices(<PromoGridSection />, testServices({ products }));
    await waitFor(() => expect(names()).toEqual(["Service 1"]));
    fireEvent.click(screen.getByRole("button", { name: "Next: Services" }));
    await waitFor(() => expect(asked).toEqual([1, 2, 1]));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(names()).toEqual(["Service 1"]);
  });

  it("says 'no service' when category 5 is empty", async () => {
    renderWithServices(<PromoGridSection />, testServices({ products: new InMemoryProductGateway([]) }));
    await waitFor(() => expect(screen.getByText("no service")).toBeTruthy());
  });
});
