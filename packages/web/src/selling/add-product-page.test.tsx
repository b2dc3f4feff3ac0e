// @vitest-environment happy-dom
import type { ProductGateway } from "@katale/domain";
import {
  aCategory,
  aShop,
  aSubCategory,
  InMemoryCategoryGateway,
  InMemorySellerGateway,
} from "@katale/domain/testing";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderWithServices, sellerServices, signIn } from "../testing/test-services.js";
import AddProductPage from "./add-product-page.js";

const amina = { id: 1, token: "t-amina", name: "Amina" };
const brian = { id: 2, token: "t-brian", name: "Brian" };
const electronics = aCategory({ id: 1, name: "Electronics" });
const fashion = aCategory({ id: 2, name: "Fashion" });
const radios = aSubCategory({ id: 11, name: "Radios", categoryId: 1 });
const lamps = aSubCategory({ id: 12, name: "Lamps", categoryId: 1 });
const dresses = aSubCategory({ id: 21, name: "Dresses", categoryId: 2 });

let seller: InMemorySellerGateway;

function open(at = "/account/add-product?shop=7", user = amina) {
  seller = new InMemorySellerGateway(
    [amina, brian],
    [radios, lamps, dresses],
    [aShop({ id: 7, owner: amina.id, name: "Nakasero Electronics" }), aShop({ id: 8, owner: brian.id })],
  );
  const services = sellerServices(seller, {
    categories: new InMemoryCategoryGateway([electronics, fashion], [radios, lamps, dresses]),
    products: seller as unknown as ProductGateway,
  });
  signIn(services, user);
  renderWithServices(<AddProductPage />, services, { path: "/account/add-product", at });
  return services;
}
afterEach(cleanup);

const png = (name: string) =>
  new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: "image/png" });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const addFiles = (...files: File[]) => fireEvent.change(field("Add images"), { target: { files } });
const imageAlts = () => screen.queryAllByRole("img").map((img) => img.getAttribute("alt"));
const tiles = () => within(screen.getByRole("group", { name: /Images/ })).queryAllByRole("listitem");

async function fillValid() {
  await screen.findByRole("option", { name: "Electronics" });
  type("Product name", "Solar radio");
  fireEvent.change(screen.getByLabelText("Category"), { target: { value: "1" } });
  await screen.findByRole("option", { name: "Radios" });
  fireEvent.change(screen.getByLabelText("Sub category"), { target: { value: "11" } });
  type("Description", "A solar radio with a torch, charges in three hours of sun and plays all night long.");
  type("Price (UGX)", "85,000");
  type("In stock", "4");
}

describe("/account/add-product", () => {
  beforeEach(() => {
    open();
  });

  it("shows the fields and the hint of spec §2 for the chosen shop", async () => {
    expect(await screen.findByRole("heading", { name: "Add product" })).toBeTruthy();
    expect(screen.getByText("Nakasero Electronics")).toBeTruthy();
    for (const label of [
      "Product name",
      "Category",
      "Sub category",
      "Description",
      "Price (UGX)",
      "In stock",
    ])
      expect(screen.getByLabelText(label)).toBeTruthy();
    expect(
      screen.getByText(
        "Use a description over 15 words and 3 or more images; the first image is the display image.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to your shop" }).getAttribute("href")).toBe(
      "/account/admin-shop/7",
    );
  });

  it("says what is missing or wrong under each field, and sends nothing", async () => {
    await screen.findByRole("heading", { name: "Add product" });
    type("Price (UGX)", "12.5");
    type("In stock", "-1");
    fireEvent.click(screen.getByRole("button", { name: "Add product" }));
    for (const message of [
      "Enter the product's name",
      "Choose a category",
      "sub-category ID not selected.",
      "Enter a description",
      "Enter the price in whole UGX, above 0",
      "Enter the stock as a whole number, 0 or more",
      "Add at least one image",
    ])
      expect(await screen.findByText(message)).toBeTruthy();
    expect(field("Product name").getAttribute("aria-invalid")).toBe("true");
    expect(seller.calls).toEqual([]);
  });

  it("offers only the sub categories of the chosen category, and asks again when it changes", async () => {
    await screen.findByRole("option", { name: "Electronics" });
    const sub = screen.getByLabelText("Sub category") as HTMLSelectElement;
    expect(sub.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Category"), { target: { value: "1" } });
    await screen.findByRole("option", { name: "Radios" });
    expect(within(sub).queryByRole("option", { name: "Dresses" })).toBeNull();
    fireEvent.change(sub, { target: { value: "12" } });
    fireEvent.change(screen.getByLabelText("Category"), { target: { value: "2" } });
    await screen.findByRole("option", { name: "Dresses" });
    expect(sub.value).toBe("");
  });

  it("adds images with previews, moves them with buttons, removes them, and stops at 8", async () => {
    await screen.findByRole("heading", { name: "Add product" });
    addFiles(png("a.png"), png("b.png"), png("c.png"));
    await waitFor(() => expect(tiles()).toHaveLength(3));
    expect(screen.getByText(/3 of 8 images/)).toBeTruthy();
    expect(screen.getByText("Display image")).toBeTruthy();
    expect(imageAlts()).toEqual(["Image 1", "Image 2", "Image 3"]);
    const srcs = () => screen.getAllByRole("img").map((img) => img.getAttribute("src"));
    const [first, second, third] = srcs();

    // The first cannot go earlier, the last not later; moving the third earlier swaps it with the second.
    expect((screen.getByRole("button", { name: "Move image 1 earlier" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((screen.getByRole("button", { name: "Move image 3 later" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole("button", { name: "Move image 3 earlier" }));
    expect(srcs()).toEqual([first, third, second]);
    expect(screen.getByText("Image moved to position 2")).toBeTruthy();
    // The focus stays on the moved image's button, now at position 2.
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Move image 2 earlier");
    fireEvent.click(screen.getByRole("button", { name: "Move image 2 earlier" }));
    expect(srcs()).toEqual([third, first, second]);

    fireEvent.click(screen.getByRole("button", { name: "Remove image 2" }));
    expect(srcs()).toEqual([third, second]);
    expect(screen.getByText("Image removed")).toBeTruthy();

    // 2 + 7 picked: 6 fit, the rest is refused with the reason.
    addFiles(...Array.from({ length: 7 }, (_, i) => png(`more-${i}.png`)));
    await waitFor(() => expect(tiles()).toHaveLength(8));
    expect(screen.getByText("Add at most 8 images. Only 6 more could be added")).toBeTruthy();
    expect((field("Add images") as HTMLInputElement).disabled).toBe(true);
  });

  it("refuses files that are not images", async () => {
    await screen.findByRole("heading", { name: "Add product" });
    addFiles(new File(["%PDF"], "price-list.pdf", { type: "application/pdf" }));
    expect(await screen.findByText("Choose image files (JPEG, PNG or WebP)")).toBeTruthy();
    expect(tiles()).toHaveLength(0);
  });

  it("refuses a text file named like a picture, at once", async () => {
    await screen.findByRole("heading", { name: "Add product" });
    addFiles(new File(["just a price list\n"], "price-list.png", { type: "image/png" }));
    expect(await screen.findByText("Choose image files (JPEG, PNG or WebP)")).toBeTruthy();
    expect(tiles()).toHaveLength(0);
  });

  it("adds the product with its images in the chosen order and opens its page", async () => {
    await fillValid();
    expect(screen.queryByText("Done: a full description and enough images")).toBeNull();
    addFiles(png("front.png"), png("back.png"), png("side.png"));
    await waitFor(() => expect(tiles()).toHaveLength(3));
    // Over 15 words and 3 images: the hint of spec §2 is met.
    expect(screen.getByText("Done: a full description and enough images")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Move image 3 earlier" }));
    fireEvent.click(screen.getByRole("button", { name: "Add product" }));
    const where = await screen.findByTestId("location");
    const product = seller.products.find((p) => p.name === "Solar radio");
    expect(product).toMatchObject({ price: 85_000, inStock: 4, shopId: 7, subCategoryId: 11 });
    expect(product?.images).toHaveLength(3);
    expect(where.getAttribute("data-path")).toBe(`/item/${product?.slug}`);
  });

  it("shows the upload's progress, Cancel and a busy button while it is sent", async () => {
    await fillValid();
    addFiles(png("front.png"), png("back.png"));
    await waitFor(() => expect(tiles()).toHaveLength(2));
    let letGo = () => {};
    const create = seller.createProduct.bind(seller);
    seller.createProduct = async (token, product) => {
      await new Promise<void>((resolve) => {
        letGo = resolve;
      });
      return create(token, product);
    };
    fireEvent.click(screen.getByRole("button", { name: "Add product" }));
    const bar = await screen.findByRole("progressbar", { name: "Upload progress" });
    await waitFor(() => expect(bar.getAttribute("aria-valuetext")).toBe("Uploading"));
    expect(bar.getAttribute("aria-valuenow")).toBe("0");
    expect(screen.getByRole("button", { name: "Cancel upload" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Adding" }).hasAttribute("disabled")).toBe(true);
    expect(field("Product name").closest("fieldset")?.disabled).toBe(true);
    letGo();
    expect(await screen.findByTestId("location")).toBeTruthy();
  });

  it("shows the service's line when the upload fails", async () => {
    await fillValid();
    addFiles(png("front.png"));
    await waitFor(() => expect(tiles()).toHaveLength(1));
    seller.failures.set("createProduct", { kind: "network" });
    fireEvent.click(screen.getByRole("button", { name: "Add product" }));
    expect(
      await screen.findByText("Error creating product, check internet connection and try again."),
    ).toBeTruthy();
    expect(seller.products).toEqual([]);
  });
});

describe("/account/add-product for a shop that is not the user's", () => {
  it("says 'You are not the owner of this shop' and shows no form", async () => {
    open("/account/add-product?shop=8");
    expect(await screen.findByText("You are not the owner of this shop")).toBeTruthy();
    expect(screen.queryByLabelText("Product name")).toBeNull();
  });
});
