import { aCategory, aSubCategory } from "@katale/domain/testing";
import { describe, expect, it } from "vitest";
import { renderCategories, renderSubCategories } from "./catalogue-render.js";

describe("catalogue renderers", () => {
  it("lists categories by id and name", () => {
    const text = renderCategories(
      [aCategory({ id: 1, name: "Phones & Tablets" }), aCategory({ id: 5, name: "Services" })],
      80,
    );
    expect(text).toBe("ID  NAME\n 1  Phones & Tablets\n 5  Services\n");
  });

  it("says 'No Categories yet' when there are none", () => {
    expect(renderCategories([], 80)).toBe("No Categories yet\n");
  });

  it("lists all sub categories with their category", () => {
    const text = renderSubCategories(
      [aSubCategory({ id: 21, name: "Plumbing", categoryId: 5, categoryName: "Services" })],
      80,
    );
    expect(text).toMatch(/^ID\s+NAME\s+CATEGORY\n21\s+Plumbing\s+Services\n$/);
  });

  it("heads one category's sub categories 'Sub categories for {category}'", () => {
    const services = aCategory({ id: 5, name: "Services" });
    const text = renderSubCategories(
      [aSubCategory({ id: 21, name: "Plumbing", categoryId: 5 })],
      80,
      services,
    );
    expect(text).toBe("Sub categories for Services\n\nID  NAME\n21  Plumbing\n");
    expect(renderSubCategories([], 80, services)).toBe(
      "Sub categories for Services\n\nNo subcategories available\n",
    );
  });
});
