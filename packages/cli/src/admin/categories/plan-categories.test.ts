import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LocalImage } from "../../selling/image-files.js";
import { applyPlan } from "./apply-plan.js";
import { type CurrentNode, toCsvRows, toExportJson, type WantedNode } from "./category-tree.js";
import { planCategoryImport } from "./plan-categories.js";
import { readCategoryFile } from "./read-category-file.js";

// The plan of `categories import` on in-memory trees: matching by name whatever the case, what is
// created, updated, deleted with --prune or left alone, and the files read into the tree they ask for.

let nextId = 1;
const node = (name: string, children: CurrentNode[] = [], imageUrl: string | null = null): CurrentNode => ({
  id: nextId++,
  name,
  imageUrl,
  children,
});
const want = (name: string, children: WantedNode[] = []): WantedNode => ({ name, children });

function catalogue(): CurrentNode[] {
  return [
    node("Electronics", [
      node("Phones", [node("Brand", [node("Tecno"), node("Samsung")])]),
      node("Lighting"),
    ]),
    node("Services", [node("Plumbing")]),
  ];
}

/** The catalogue as a file asks for it: the same names. */
function asWanted(tree: readonly CurrentNode[]): WantedNode[] {
  return tree.map((n) => want(n.name, asWanted(n.children)));
}

const summary = (plan: ReturnType<typeof planCategoryImport>) => plan.map((i) => `${i.action} ${i.path}`);

describe("planCategoryImport", () => {
  it("leaves an unchanged catalogue alone", () => {
    const current = catalogue();
    const plan = planCategoryImport(current, asWanted(current), [], { prune: true });
    expect(plan.every((i) => i.action === "unchanged")).toBe(true);
    expect(plan.map((i) => i.path)).toContain("Electronics/Phones/Brand/Tecno");
  });

  it("matches names whatever their case, and renames to the file's spelling", () => {
    const plan = planCategoryImport(
      catalogue(),
      [want("ELECTRONICS", [want("phones", [want("Brand", [want("tecno")])])])],
      [],
      { prune: false },
    );
    expect(summary(plan)).toEqual([
      "update ELECTRONICS",
      "update ELECTRONICS/phones",
      "unchanged ELECTRONICS/phones/Brand",
      "update ELECTRONICS/phones/Brand/tecno",
    ]);
    expect(plan[0]).toMatchObject({ renamedFrom: "Electronics", id: expect.any(Number) });
  });

  it("creates what is missing at every level, children after their parent", () => {
    const plan = planCategoryImport(
      catalogue(),
      [
        want("Electronics", [
          want("Phones", [want("Brand", [want("Itel")]), want("Storage", [want("64 GB")])]),
        ]),
        want("Fashion", [want("Shoes"), want("Bags"), want("Watches")]),
      ],
      [],
      { prune: false },
    );
    expect(summary(plan).filter((s) => !s.startsWith("unchanged"))).toEqual([
      "create Electronics/Phones/Brand/Itel",
      "create Electronics/Phones/Storage",
      "create Electronics/Phones/Storage/64 GB",
      "create Fashion",
      "create Fashion/Shoes",
      "create Fashion/Bags",
      "create Fashion/Watches",
    ]);
    const shoes = plan.find((i) => i.path === "Fashion/Shoes")!;
    expect(shoes.parent?.path).toBe("Fashion");
  });

  it("deletes only with --prune what the file does not list, once for the node and what is under it", () => {
    const current = catalogue();
    const wanted = [want("Electronics", [want("Phones", [want("Brand", [want("Tecno")])])])];
    expect(planCategoryImport(current, wanted, [], { prune: false }).some((i) => i.action === "delete")).toBe(
      false,
    );
    const pruned = planCategoryImport(current, wanted, [], { prune: true }).filter(
      (i) => i.action === "delete",
    );
    expect(pruned.map((i) => [i.path, i.removes])).toEqual([
      ["Electronics/Phones/Brand/Samsung", 0],
      ["Electronics/Lighting", 0],
      ["Services", 1],
    ]);
  });

  it("reports the file's problems and a bad image as failed", () => {
    const plan = planCategoryImport(
      [],
      [
        {
          name: "Fashion",
          image: { ok: false, file: "x.png", error: "image: x.png does not exist" },
          children: [],
        },
      ],
      [{ path: "row 3: Fashion//Size", error: "a filter needs its sub category" }],
      { prune: false },
    );
    expect(plan.map((i) => [i.action, i.path, i.error])).toEqual([
      ["failed", "row 3: Fashion//Size", "a filter needs its sub category"],
      ["failed", "Fashion", "image: x.png does not exist"],
    ]);
  });

  it("uploads an image again only when the file or the service's image changed since the last upload", () => {
    const current = [node("Fashion", [], "/media/categories/f.webp")];
    const image: LocalImage = { path: "/tmp/f.png", size: 10, contentType: "image/png", hash: "h1" };
    const wanted: WantedNode[] = [{ name: "Fashion", image: { ok: true, image }, children: [] }];
    const id = current[0]!.id;
    const action = (hash: string | undefined, imageUrl = "/media/categories/f.webp") =>
      planCategoryImport(current, wanted, [], {
        prune: false,
        remembered: (level, nodeId) =>
          hash && level === 0 && nodeId === id ? { hash, imageUrl } : undefined,
      })[0]!.action;
    expect(action(undefined)).toBe("update");
    expect(action("h1")).toBe("unchanged");
    expect(action("h0")).toBe("update");
    expect(action("h1", "/media/categories/other.webp")).toBe("update");
  });

  it("a dry run reports the plan in the report's words and sends nothing", async () => {
    const plan = planCategoryImport(catalogue(), [want("Fashion", [want("Shoes")])], [], { prune: true });
    const ports = {
      storage: { get: () => "t", set: () => {}, remove: () => {} },
      catalogueAdmin: new Proxy({}, { get: () => () => Promise.reject(new Error("sent")) }),
    } as never;
    const report = await applyPlan(plan, { ports, dryRun: true });
    expect(report).toMatchObject({ created: 2, updated: 0, deleted: 2, unchanged: 0, failed: 0 });
    expect(report.items[0]).toEqual({ path: "Fashion", action: "created" });
  });
});

describe("renames by id", () => {
  it("renames the category and sub category the ids name, and fails an unknown id once", () => {
    const current = catalogue();
    const [electronics] = current;
    const phones = electronics!.children[0]!;
    const plan = planCategoryImport(
      current,
      [
        {
          id: electronics!.id,
          name: "Gadgets",
          children: [{ id: phones.id, name: "Mobiles", children: [] }],
        },
        { id: 9999, name: "Ghost", children: [want("Inside")] },
      ],
      [],
      { prune: false },
    );
    expect(summary(plan)).toEqual(["update Gadgets", "update Gadgets/Mobiles", "failed Ghost"]);
    expect(plan[0]).toMatchObject({ id: electronics!.id, renamedFrom: "Electronics" });
    expect(plan[2]!.error).toMatch(/no category has the id 9999.*the 1 under it is not created either/);
  });
});

describe("the export", () => {
  it("writes the tree as JSON and one CSV row per leaf", () => {
    const current = catalogue();
    const json = toExportJson(current, (p) => p);
    const [electronics, services] = current;
    const [phones, lighting] = electronics!.children;
    const plumbing = services!.children[0]!;
    expect(json[0]).toEqual({
      id: electronics!.id,
      name: "Electronics",
      image_url: null,
      sub_categories: [
        {
          id: phones!.id,
          name: "Phones",
          image_url: null,
          filters: [{ name: "Brand", values: ["Tecno", "Samsung"] }],
        },
        { id: lighting!.id, name: "Lighting", image_url: null, filters: [] },
      ],
    });
    const e = String(electronics!.id);
    expect(toCsvRows(current)).toEqual([
      [e, "Electronics", String(phones!.id), "Phones", "Brand", "Tecno"],
      [e, "Electronics", String(phones!.id), "Phones", "Brand", "Samsung"],
      [e, "Electronics", String(lighting!.id), "Lighting", "", ""],
      [String(services!.id), "Services", String(plumbing.id), "Plumbing", "", ""],
    ]);
  });
});

describe("readCategoryFile", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "katale-categories-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("reads a CSV into the tree, a name repeated on each of its rows, with images by path", async () => {
    writeFileSync(join(dir, "fashion.png"), Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"));
    const file = join(dir, "c.csv");
    writeFileSync(
      file,
      [
        "Category,Sub_Category,Filter,Value,Image",
        "Fashion,,,,fashion.png",
        "Fashion,Shoes,Size,42,",
        "Fashion,Shoes,Size,43,",
        "Fashion,,Size,44,",
        "Fashion,Bags,Colour,Red,bag.png",
      ].join("\n"),
    );
    const { nodes, problems } = await readCategoryFile(file);
    expect(nodes).toHaveLength(1);
    expect(nodes[0]!.image).toMatchObject({ ok: true, image: { contentType: "image/png" } });
    expect(nodes[0]!.children.map((s) => [s.name, s.children[0]!.children.map((v) => v.name)])).toEqual([
      ["Shoes", ["42", "43"]],
    ]);
    expect(problems).toEqual([
      { path: "row 5: Fashion//Size/44", error: "a value needs its sub category" },
      {
        path: "row 6: Fashion/Bags/Colour/Red",
        error: "image: only a category or a sub category has an image",
      },
    ]);
  });

  it("refuses a name given twice, also in another case, naming both rows; nothing is merged", async () => {
    const csv = join(dir, "twice.csv");
    writeFileSync(
      csv,
      [
        "category,sub_category,filter,value",
        "Fashion,Shoes,Size,42",
        "fashion,Shoes,Size,43",
        "Fashion,Bags,,",
        "Fashion,Bags,,",
      ].join("\n"),
    );
    const refused = readCategoryFile(csv);
    await expect(refused).rejects.toThrow(/row 3: "fashion" is "Fashion" of row 2 spelled another way/);
    await expect(refused).rejects.toThrow(/row 5 repeats row 4/);
    const json = join(dir, "twice.json");
    writeFileSync(json, JSON.stringify([{ name: "Fashion" }, { name: "Books" }, { name: "FASHION" }]));
    await expect(readCategoryFile(json)).rejects.toThrow(/category 3: "FASHION" is "Fashion" of category 1/);
  });

  it("reads the ids the export gives; an id under two names is refused", async () => {
    const csv = join(dir, "ids.csv");
    writeFileSync(
      csv,
      [
        "category_id,category,sub_category_id,sub_category,filter,value",
        "3,Clothes,7,Footwear,,",
        "3,Clothes,,Hats,,",
      ].join("\n"),
    );
    const { nodes } = await readCategoryFile(csv);
    expect(nodes).toMatchObject([
      { id: 3, name: "Clothes", children: [{ id: 7, name: "Footwear" }, { name: "Hats" }] },
    ]);
    writeFileSync(
      csv,
      ["category_id,category,sub_category,filter,value", "3,Clothes,,,", "3,Fashion,Hats,,"].join("\n"),
    );
    await expect(readCategoryFile(csv)).rejects.toThrow(
      /row 3: category 3 is named "Fashion" here and "Clothes" in row 2/,
    );
  });

  it("refuses a CSV without the header's columns, and a JSON that is not a list of categories", async () => {
    writeFileSync(join(dir, "a.csv"), "name,value\nx,y\n");
    await expect(readCategoryFile(join(dir, "a.csv"))).rejects.toThrow(/category,sub_category,filter,value/);
    writeFileSync(join(dir, "a.json"), '{"name": "x"}');
    await expect(readCategoryFile(join(dir, "a.json"))).rejects.toThrow(/list of categories/);
  });
});
