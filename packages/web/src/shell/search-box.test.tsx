// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithServices, testServices } from "../testing/test-services.js";
import { SearchBox } from "./search-box.js";

afterEach(cleanup);

const box = () => screen.getByRole<HTMLInputElement>("searchbox", { name: "Search products" });

describe("header search box", () => {
  it("shows the query of a results page opened from a link, and searches again from it", async () => {
    const services = testServices();
    renderWithServices(<SearchBox />, services, {
      path: "/products/search/:query",
      at: "/products/search/kitenge%20dress",
    });
    expect(box().value).toBe("kitenge dress");

    fireEvent.change(box(), { target: { value: "  solar panel " } });
    fireEvent.submit(box().closest("form")!);
    await waitFor(() => expect(box().value).toBe("solar panel"));
    expect(services.local.get("search_query")).toBe("solar panel");
  });

  it("goes home on a blank search", async () => {
    renderWithServices(<SearchBox />, testServices(), {
      path: "/products/search/:query",
      at: "/products/search/sofa",
    });
    fireEvent.change(box(), { target: { value: "   " } });
    fireEvent.submit(box().closest("form")!);
    expect((await screen.findByTestId("location")).dataset.path).toBe("/");
  });
});
