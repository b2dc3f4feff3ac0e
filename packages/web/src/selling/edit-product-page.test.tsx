// @vitest-environment happy-dom
import type { ProductChange, ProductGateway } from "@katale/domain";
import {
  aCategory,
  aProduct,
  aShop,
  aSubCategory,
  InMemoryCategoryGateway,
  InMemorySellerGateway,
} from "@katale/domain/testing";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderWithServices, sellerServices, signIn } from "../testing/test-services.js";
import EditProductPage from "./edit-product-page.js";

const amina = { id: 1, token: "t-amina", name: "Amina" };
const brian = { id: 2, token: "t-brian", name: "Brian" };
const radios = aSubCategory({ id: 11, name: "Radios", categoryId: 1 });
const images = ["/media/products/front.webp", "/media/products/back.webp", "/media/products/side.webp"];
const radio = aProduct({
  id: 501,
  name: "Solar radio",
  slug: "solar-radio",
  description: "Plays all night",
  price: 85_000,
  inStock: 4,
  shopId: 7,
  categoryId: 1,
  subCategoryId: 11,
  images,
});

let seller: InMemorySellerGateway;
let sent: ProductChange[];

function open(productId = radio.id, user = amina) {
  seller = new InMemorySellerGateway(
    [amina, brian],
    [radios],
    [aShop({ id: 7, owner: amina.id, name: "Nakasero Electronics" })],
    [{ ...radio }],
  );
  sent = [];
  const update = seller.updateProduct.bind(seller);
  seller.updateProduct = (token, id, change) => {
    sent.push(change);
    return update(token, id, change);
  };
  const services = sellerServices(seller, {
    categories: new InMemoryCategoryGateway([aCategory({ id: 1, name: "Electronics" })], [radios]),
    products: seller as unknown as ProductGateway,
  });
  signIn(services, user);
  renderWithServices(<EditProductPage />, services, {
    path: "/account/edit-product/:productId",
    at: `/account/edit-product/${productId}`,
  });
}
afterEach(cleanup);

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: "image/png" });
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save changes" }));

describe("/account/edit-product/:productId", () => {
  beforeEach(() => open());

  it("fills the form with the product as it stands", async () => {
    expect(await screen.findByDisplayValue("Solar radio")).toBeTruthy();
    expect(field("Price (UGX)").value).toBe("85000");
    expect(field("In stock").value).toBe("4");
    await waitFor(() =>
      expect((screen.getByLabelText("Sub category") as HTMLSelectElement).value).toBe("11"),
    );
    expect(screen.getAllByRole("img").map((img) => img.getAttribute("src"))).toEqual(images);
  });

  it("sends only the price when only the price changed", async () => {
    await screen.findByDisplayValue("Solar radio");
    type("Price (UGX)", "79,500");
    save();
    expect(await screen.findByText("Successfully edited the product")).toBeTruthy();
    expect(sent).toEqual([{ price: 79_500 }]);
    expect(seller.products[0]?.price).toBe(79_500);
  });

  it("sends stock 0 alone, and says nothing changed when nothing did", async () => {
    await screen.findByDisplayValue("Solar radio");
    save();
    expect(await screen.findByText("Nothing changed")).toBeTruthy();
    expect(sent).toEqual([]);
    type("In stock", "0");
    save();
    expect(await screen.findByText("Successfully edited the product")).toBeTruthy();
    expect(sent).toEqual([{ inStock: 0 }]);
  });

  it("sends a removed image and an added one with the image flags' contents", async () => {
    await screen.findByDisplayValue("Solar radio");
    fireEvent.click(screen.getByRole("button", { name: "Remove image 2" }));
    fireEvent.change(field("Add images"), { target: { files: [png("new.png")] } });
    await waitFor(() => expect(screen.getAllByRole("img")).toHaveLength(3));
    save();
    expect(await screen.findByText("Successfully edited the product")).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.removedImages).toEqual([images[1]]);
    expect(sent[0]?.addedImages).toHaveLength(1);
    expect(Object.keys(sent[0] ?? {}).sort()).toEqual(["addedImages", "removedImages"]);
    expect(seller.products[0]?.images).toHaveLength(3);
    expect(seller.products[0]?.images.slice(0, 2)).toEqual([images[0], images[2]]);
  });

  it("keeps at least one image", async () => {
    await screen.findByDisplayValue("Solar radio");
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole("button", { name: "Remove image 1" }));
    save();
    expect(await screen.findByText("Add at least one image")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("deletes only after the confirmation, then opens the shop's admin page", async () => {
    await screen.findByDisplayValue("Solar radio");
    fireEvent.click(screen.getByRole("button", { name: "Delete product" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this product?" });
    // Cancel is where the focus starts, and closes without deleting.
    expect(document.activeElement?.textContent).toBe("Cancel");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(seller.products).toHaveLength(1);

    fireEvent.click(screen.getByRole("button", { name: "Delete product" }));
    const again = await screen.findByRole("dialog", { name: "Delete this product?" });
    fireEvent.click(within(again).getByRole("button", { name: "Delete" }));
    const where = await screen.findByTestId("location");
    expect(where.getAttribute("data-path")).toBe("/account/admin-shop/7");
    expect(seller.products).toEqual([]);
  });

  it("keeps the dialog open with the reason when the delete fails", async () => {
    await screen.findByDisplayValue("Solar radio");
    seller.failures.set("deleteProduct", { kind: "network" });
    fireEvent.click(screen.getByRole("button", { name: "Delete product" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this product?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await within(dialog).findByText("Product not deleted, check internet connection")).toBeTruthy();
    expect(seller.products).toHaveLength(1);
  });
});

describe("/account/edit-product of someone else's product or a missing one", () => {
  it("says 'You are not the owner of this shop'", async () => {
    open(radio.id, brian);
    expect(await screen.findByText("You are not the owner of this shop")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Delete product" })).toBeNull();
  });

  it("says 'Product does not exist'", async () => {
    open(999);
    expect(await screen.findByText("Product does not exist")).toBeTruthy();
  });
});

describe("the sub category's filters on the edit form", () => {
  it("shows the product's values and sends only a changed value", async () => {
    const band = { id: 31, filterId: 3, name: "FM" };
    const bands = { id: 32, filterId: 3, name: "FM/AM" };
    const power = { id: 41, filterId: 4, name: "Solar" };
    const withValues = {
      ...radio,
      filters: [{ filterId: 3, filterName: "Band", valueId: 31, valueName: "FM" }],
    };
    seller = new InMemorySellerGateway(
      [amina],
      [radios],
      [aShop({ id: 7, owner: amina.id, name: "Nakasero Electronics" })],
      [withValues],
    );
    const taxonomy = [
      { id: 3, name: "Band", subCategoryId: 11, values: [band, bands] },
      { id: 4, name: "Power", subCategoryId: 11, values: [power] },
    ];
    seller.filters = taxonomy;
    sent = [];
    const update = seller.updateProduct.bind(seller);
    seller.updateProduct = (token, id, change) => {
      sent.push(change);
      return update(token, id, change);
    };
    const services = sellerServices(seller, {
      categories: new InMemoryCategoryGateway(
        [aCategory({ id: 1, name: "Electronics" })],
        [radios],
        taxonomy,
      ),
      products: seller as unknown as ProductGateway,
    });
    signIn(services, amina);
    renderWithServices(<EditProductPage />, services, {
      path: "/account/edit-product/:productId",
      at: `/account/edit-product/${radio.id}`,
    });
    const bandSelect = (await screen.findByLabelText("Band")) as HTMLSelectElement;
    expect(bandSelect.value).toBe("31");
    expect((screen.getByLabelText("Power") as HTMLSelectElement).value).toBe("");
    save();
    expect(await screen.findByText("Nothing changed")).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByLabelText("Power"), { target: { value: "41" } });
    save();
    expect(await screen.findByText("Successfully edited the product")).toBeTruthy();
    expect(sent).toEqual([{ filterValueIds: [31, 41] }]);
  });
});
