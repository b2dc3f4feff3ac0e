// @vitest-environment happy-dom
import { adminServerMessages, messages, webAdminMessages } from "@katale/domain";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { findAlert, renderWithServices } from "../testing/test-services.js";
import { type AdminSetup, adminSetup } from "./admin-test-setup.js";
import ManagePage from "./manage-page.js";

afterEach(cleanup);

const text = webAdminMessages;

function openManage(setup: AdminSetup, tab = "categories") {
  renderWithServices(<ManagePage />, setup.services, {
    path: "/account/manage",
    at: `/account/manage?tab=${tab}`,
  });
}

function aPng(name = "cat.png") {
  return new File([new Uint8Array([137, 80, 78, 71])], name, { type: "image/png" });
}

describe("/account/manage", () => {
  it("shows the not-allowed page to a user who is not an admin", async () => {
    const setup = await adminSetup({ isAdmin: false });
    openManage(setup);
    expect(await screen.findByRole("heading", { name: text.notAllowedTitle })).toBeTruthy();
    expect(screen.getByText(text.notAllowed)).toBeTruthy();
    expect(screen.queryByRole("tab")).toBeNull();
  });

  it("says so when the service cannot say who the user is", async () => {
    const setup = await adminSetup();
    setup.auth.failures.set("me", { kind: "network" });
    openManage(setup);
    await findAlert(messages.common.checkConnection);
  });

  it("lists the categories, empty and failing lists have their lines", async () => {
    const setup = await adminSetup();
    openManage(setup);
    expect(await screen.findByText("Electronics")).toBeTruthy();
    expect(screen.getAllByRole("tab")).toHaveLength(6);
    cleanup();
    setup.catalogue.categories = [];
    openManage(setup);
    expect(await screen.findByText(text.noCategories)).toBeTruthy();
    cleanup();
    setup.catalogue.failures.set("listCategories", { kind: "network" });
    openManage(setup);
    await findAlert(messages.catalogue.failedToLoadCategories);
  });

  it("adds a category with an image, and refuses a name that exists", async () => {
    const setup = await adminSetup();
    openManage(setup, "add-category");
    fireEvent.change(await screen.findByLabelText(text.categoryName), { target: { value: "Books" } });
    fireEvent.change(screen.getByLabelText(text.image), { target: { files: [aPng()] } });
    await screen.findByRole("img", { name: text.image });
    fireEvent.click(screen.getByRole("button", { name: text.create }));
    expect(await screen.findByText(messages.catalogue.categoryCreated)).toBeTruthy();
    expect(setup.catalogue.categories.find((c) => c.name === "Books")?.imageUrl).toContain("cat.png");
    fireEvent.change(screen.getByLabelText(text.categoryName), { target: { value: "electronics" } });
    fireEvent.click(screen.getByRole("button", { name: text.create }));
    await findAlert(adminServerMessages.categoryExists);
  });

  it("says the name is needed, and words a network failure as the spec does", async () => {
    const setup = await adminSetup();
    openManage(setup, "add-category");
    fireEvent.click(await screen.findByRole("button", { name: text.create }));
    expect(await screen.findByText(adminServerMessages.categoryNameRequired)).toBeTruthy();
    setup.admin.failures.set("createCategory", { kind: "network" });
    fireEvent.change(screen.getByLabelText(text.categoryName), { target: { value: "Books" } });
    fireEvent.click(screen.getByRole("button", { name: text.create }));
    expect(await screen.findByText(messages.catalogue.categoryNotCreated)).toBeTruthy();
  });

  it("edits a category in its popup and the list shows the new name", async () => {
    const setup = await adminSetup();
    openManage(setup);
    fireEvent.click(await screen.findByRole("button", { name: text.edit("Fashion") }));
    const dialog = await screen.findByRole("dialog", { name: text.editCategory });
    fireEvent.change(within(dialog).getByLabelText(text.name), { target: { value: "Clothes" } });
    fireEvent.click(within(dialog).getByRole("button", { name: text.save }));
    expect(await screen.findByText(text.categoryEdited)).toBeTruthy();
    expect(await screen.findByText("Clothes")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("deletes a category, and keeps one that holds products with the 409's words", async () => {
    const setup = await adminSetup();
    setup.admin.productsIn.set("c1", 3);
    openManage(setup);
    fireEvent.click(await screen.findByRole("button", { name: text.remove("Electronics") }));
    let dialog = await screen.findByRole("dialog", { name: text.deleteTitle("Electronics") });
    fireEvent.click(within(dialog).getByRole("button", { name: text.delete }));
    await findAlert(adminServerMessages.categoryHoldsProducts(3), { within: dialog });
    fireEvent.click(within(dialog).getByRole("button", { name: text.cancel }));
    fireEvent.click(screen.getByRole("button", { name: text.remove("Fashion") }));
    dialog = await screen.findByRole("dialog", { name: text.deleteTitle("Fashion") });
    fireEvent.click(within(dialog).getByRole("button", { name: text.delete }));
    expect(await screen.findByText(text.deleted("Fashion"))).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Fashion")).toBeNull());
  });

  it("edits a sub category in the 'Edit sub category' modal; a failure keeps the modal with its line", async () => {
    const setup = await adminSetup();
    openManage(setup, "sub-categories");
    fireEvent.click(await screen.findByRole("button", { name: text.edit("Phones") }));
    const dialog = await screen.findByRole("dialog", { name: messages.catalogue.editSubCategory });
    expect((within(dialog).getByLabelText(text.category) as HTMLInputElement).value).toBe("Electronics");
    setup.admin.failures.set("updateSubCategory", { kind: "network" });
    fireEvent.change(within(dialog).getByLabelText(text.name), { target: { value: "Smartphones" } });
    fireEvent.click(within(dialog).getByRole("button", { name: text.save }));
    expect(await within(dialog).findByText(messages.catalogue.subCategoryEditFailed)).toBeTruthy();
    setup.admin.failures.clear("updateSubCategory");
    fireEvent.click(within(dialog).getByRole("button", { name: text.save }));
    expect(await screen.findByText(messages.catalogue.subCategoryEdited)).toBeTruthy();
    expect(await screen.findByText("Smartphones")).toBeTruthy();
  });

  it("adds a sub category to the chosen category", async () => {
    const setup = await adminSetup();
    openManage(setup, "add-sub-category");
    fireEvent.click(await screen.findByRole("button", { name: text.create }));
    expect(await screen.findByText(adminServerMessages.categoryRequired)).toBeTruthy();
    await screen.findByRole("option", { name: "Fashion" });
    fireEvent.change(screen.getByLabelText(text.category), { target: { value: "2" } });
    fireEvent.change(screen.getByLabelText(text.subCategoryName), { target: { value: "Shoes" } });
    fireEvent.click(screen.getByRole("button", { name: text.create }));
    expect(await screen.findByText(messages.catalogue.subCategoryCreated)).toBeTruthy();
    expect(setup.catalogue.subCategories.find((s) => s.name === "Shoes")?.categoryId).toBe(2);
  });

  it("adds a filter, refusing a second one of the same name", async () => {
    const setup = await adminSetup();
    openManage(setup, "add-filter");
    await screen.findByRole("option", { name: "Phones" });
    fireEvent.change(screen.getByLabelText(text.subCategory), { target: { value: "11" } });
    fireEvent.change(screen.getByLabelText(text.filterName), { target: { value: "Brand" } });
    fireEvent.click(screen.getByRole("button", { name: text.create }));
    expect(await screen.findByText(messages.catalogue.filterCreated)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(text.filterName), { target: { value: "brand" } });
    fireEvent.click(screen.getByRole("button", { name: text.create }));
    expect(await screen.findByText(adminServerMessages.filterExists)).toBeTruthy();
  });

  it("adds a filter value: the sub category, then its filters, then the value", async () => {
    const setup = await adminSetup();
    setup.catalogue.filters = [{ id: 40, name: "Brand", subCategoryId: 11, values: [] }];
    openManage(setup, "add-filter-value");
    await screen.findByRole("option", { name: "Phones" });
    fireEvent.change(screen.getByLabelText(text.subCategory), { target: { value: "11" } });
    await screen.findByRole("option", { name: "Brand" });
    fireEvent.change(screen.getByLabelText(text.filter), { target: { value: "40" } });
    fireEvent.change(screen.getByLabelText(text.filterValue), { target: { value: "Tecno" } });
    fireEvent.click(screen.getByRole("button", { name: text.create }));
    expect(await screen.findByText(messages.catalogue.filterValueCreated)).toBeTruthy();
    expect(setup.catalogue.filters[0]?.values.map((v) => v.name)).toEqual(["Tecno"]);
  });

  it("says 'no filters' for a sub category without any", async () => {
    const setup = await adminSetup();
    openManage(setup, "add-filter-value");
    await screen.findByRole("option", { name: "Phones" });
    fireEvent.change(screen.getByLabelText(text.subCategory), { target: { value: "11" } });
    expect(await screen.findByText(messages.catalogue.noFilters)).toBeTruthy();
  });

  it("lists the chosen sub category's filters with their values, renames a filter and deletes a value", async () => {
    const setup = await adminSetup();
    setup.catalogue.filters = [
      { id: 40, name: "Brand", subCategoryId: 11, values: [{ id: 41, filterId: 40, name: "Tecno" }] },
    ];
    openManage(setup, "add-filter");
    await screen.findByRole("option", { name: "Phones" });
    fireEvent.change(screen.getByLabelText(text.subCategory), { target: { value: "11" } });
    fireEvent.click(await screen.findByRole("button", { name: text.edit("Brand") }));
    const dialog = await screen.findByRole("dialog", { name: text.edit("Brand") });
    fireEvent.change(within(dialog).getByLabelText(text.name), { target: { value: "Make" } });
    fireEvent.click(within(dialog).getByRole("button", { name: text.save }));
    expect(await screen.findByRole("button", { name: text.edit("Make") })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: text.remove("Tecno") }));
    const confirm = await screen.findByRole("dialog", { name: text.deleteTitle("Tecno") });
    fireEvent.click(within(confirm).getByRole("button", { name: text.delete }));
    expect(await screen.findByText(text.deleted("Tecno"))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: text.edit("Tecno") })).toBeNull());
    expect(setup.catalogue.filters[0]).toMatchObject({ name: "Make", values: [] });
  });
});
