// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { lazy } from "react";
import { createMemoryRouter, Link, Outlet, RouterProvider, useParams } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ServicesProvider } from "../app/services-context.js";
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

  it("keeps what the visitor typed while the results page it opened is still arriving", async () => {
    // The results page comes in its own chunk: until it arrives the router keeps the page that was
    // showing, as the app's lazy pages do on a slow line.
    let arrive: () => void = () => {};
    const Results = lazy(
      () =>
        new Promise<{ default: () => React.JSX.Element }>((resolve) => {
          arrive = () => resolve({ default: () => <h1>Results for {useParams().query}</h1> });
        }),
    );
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <SearchBox />
              <Link to="/products/search/sofa">Sofas</Link>
              <Outlet />
            </>
          ),
          children: [
            { path: "/", element: <p>Home</p> },
            { path: "/products/search/:query", element: <Results /> },
          ],
        },
      ],
      { initialEntries: ["/"] },
    );
    render(
      <ServicesProvider services={testServices()}>
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ServicesProvider>,
    );

    fireEvent.change(box(), { target: { value: "bicycle" } });
    fireEvent.submit(box().closest("form")!);
    fireEvent.change(box(), { target: { value: "zzqxv nonsense" } });
    await act(async () => arrive());
    expect(await screen.findByRole("heading", { name: "Results for bicycle" })).toBeTruthy();
    expect(box().value).toBe("zzqxv nonsense");

    // A results page opened from a link, or by going back, shows its own query.
    fireEvent.click(screen.getByRole("link", { name: "Sofas" }));
    expect(await screen.findByRole("heading", { name: "Results for sofa" })).toBeTruthy();
    expect(box().value).toBe("sofa");
    await act(() => router.navigate(-1));
    await waitFor(() => expect(box().value).toBe("bicycle"));
  });
});
