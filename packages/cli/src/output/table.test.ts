import { describe, expect, it } from "vitest";
import { type Column, renderTable } from "./table.js";

interface Row {
  name: string;
  price: string;
  shop: string;
}

const columns: Column<Row>[] = [
  { header: "Name", value: (r) => r.name, shrink: true, minWidth: 8, weight: 2 },
  { header: "Price", value: (r) => r.price, align: "right" },
  {
    header: "Shop",
    value: (r) => r.shop,
    shrink: true,
    minWidth: 6,
    cut: (r, w) => `${r.shop.slice(0, w - 2)} ✓`,
  },
];
const rows: Row[] = [
  { name: "Bicycle pump", price: "UGX 15,000", shop: "Mukono Sports Arena" },
  { name: "Mountain bike 26 inch (21 speed)", price: "UGX 750,000", shop: "Nile" },
];

describe("renderTable", () => {
  it("aligns columns under upper-case headers, prices to the right", () => {
    const [header, first, second] = renderTable(columns, rows, 200);
    expect(header).toBe("NAME                                    PRICE  SHOP");
    expect(first).toBe("Bicycle pump                       UGX 15,000  Mukono Sports Arena");
    expect(second).toBe("Mountain bike 26 inch (21 speed)  UGX 750,000  Nile");
  });

  it("fits the width by cutting shrinking columns, never fixed ones", () => {
    const table = renderTable(columns, rows, 50);
    for (const line of table) expect([...line].length).toBeLessThanOrEqual(50);
    expect(table[2]).toContain("UGX 750,000");
    expect(table[2]).toContain("…");
  });

  it("takes room from the lighter column first", () => {
    // 60 columns: the shop (weight 1) gives up more than the name (weight 2).
    const [, first] = renderTable(columns, rows, 60);
    expect(first).toContain("Bicycle pump");
    expect(first).toMatch(/Mukono.* ✓$/);
  });

  it("uses a column's own cut when its cell does not fit", () => {
    const [, first] = renderTable(columns, rows, 40);
    expect(first).toMatch(/ ✓$/);
  });

  it("stops at the minimum widths when the terminal is too narrow", () => {
    const table = renderTable(columns, rows, 10);
    expect(table[1]).toContain("UGX 15,000");
  });
});
