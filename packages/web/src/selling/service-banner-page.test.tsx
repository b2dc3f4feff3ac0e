// @vitest-environment happy-dom
import type { ProductGateway } from "@katale/domain";
import {
  aCategory,
  aShop,
  aSubCategory,
  InMemoryCategoryGateway,
  InMemorySellerGateway,
} from "@katale/domain/testing";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Services } from "../app/services.js";
import { renderWithServices, sellerServices, signIn } from "../testing/test-services.js";
import ServiceBannerPage from "./service-banner-page.js";

const amina = { id: 1, token: "t-amina", name: "Amina" };
const plumbing = aSubCategory({ id: 51, name: "Plumbing", categoryId: 5 });
const radios = aSubCategory({ id: 11, name: "Radios", categoryId: 1 });

let seller: InMemorySellerGateway;
let services: Services;

beforeEach(() => {
  seller = new InMemorySellerGateway([amina], [plumbing, radios], [aShop({ id: 7, owner: amina.id })]);
  services = sellerServices(seller, {
    categories: new InMemoryCategoryGateway(
      [aCategory({ id: 1, name: "Electronics" }), aCategory({ id: 5, name: "Services" })],
      [plumbing, radios],
    ),
    products: seller as unknown as ProductGateway,
  });
  signIn(services, amina);
  renderWithServices(<ServiceBannerPage />, services, {
    path: "/account/add-service-banner",
    at: "/account/add-service-banner?shop=7",
  });
});
afterEach(cleanup);

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe("/account/add-service-banner", () => {
  it("is 'Add Service' with the sub categories of category 5 only", async () => {
    expect(await screen.findByRole("heading", { name: "Add Service" })).toBeTruthy();
    expect(await screen.findByRole("option", { name: "Plumbing" })).toBeTruthy();
    expect(screen.queryByRole("option", { name: "Radios" })).toBeNull();
    expect(field("Description").getAttribute("rows")).toBe("6");
  });

  it("asks for the title, category, price, description and image", async () => {
    await screen.findByRole("heading", { name: "Add Service" });
    fireEvent.click(screen.getByRole("button", { name: "Post" }));
    for (const message of [
      "Enter the service banner's title",
      "Choose a category",
      "Enter the price in whole UGX, above 0",
      "Enter a description",
      "Add at least one image",
    ])
      expect(await screen.findByText(message)).toBeTruthy();
    expect(seller.products).toEqual([]);
  });

  it("posts a product of category 5 with one image, stores its id and opens /item after 3 s", async () => {
    await screen.findByRole("option", { name: "Plumbing" });
    type("Service Banner Title", "Emergency plumber, Ntinda");
    fireEvent.change(screen.getByLabelText("Category"), { target: { value: "51" } });
    type("Price (UGX)", "30000");
    type("Description", "Leaks, blocked drains and new taps fitted the same day.");
    fireEvent.change(field("Add images"), {
      target: {
        files: [new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "van.jpg", { type: "image/jpeg" })],
      },
    });
    // One image only: the picker is full.
    await waitFor(() => expect(field("Add images").disabled).toBe(true));
    fireEvent.click(screen.getByRole("button", { name: "Post" }));
    expect(await screen.findByText(/Service posted/)).toBeTruthy();
    const service = seller.products[0];
    expect(service).toMatchObject({ categoryId: 5, subCategoryId: 51, price: 30_000, inStock: 1 });
    expect(service?.images).toHaveLength(1);
    expect(services.local.get("activeProduct")).toBe(service?.id);
    const where = await screen.findByTestId("location", {}, { timeout: 4000 });
    expect(where.getAttribute("data-path")).toBe("/item");
  });
});
