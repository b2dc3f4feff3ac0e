import { describe, expect, it } from "vitest";
import { parseCatalogueChange } from "./read-cache.js";

// The catalogue's notices (migrations 0001 and 0013) as the read cache reads them: what it cannot
// read must drop everything, never nothing.

describe("parseCatalogueChange", () => {
  it("reads a table's rows, a whole table, and anything else as everything", () => {
    expect(parseCatalogueChange("products:12,40")).toEqual({ table: "products", ids: [12, 40] });
    expect(parseCatalogueChange("sub_categories:7")).toEqual({ table: "sub_categories", ids: [7] });
    expect(parseCatalogueChange("comments")).toEqual({ table: "comments" });
    for (const unreadable of ["", "products:", "products:1,,2", "products:x", "Products:1", "a b"]) {
      expect(parseCatalogueChange(unreadable), unreadable).toBeUndefined();
    }
  });
});
