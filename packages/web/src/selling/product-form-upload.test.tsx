import { describe, expect, it } from "vitest";
import { passesAsIs, resizeScale } from "../media/image-resize.js";
import type { PickedImage } from "./product-form-images.js";
import { splitForEdit } from "./product-form-upload.js";

const kept = (path: string): PickedImage => ({ key: path, kind: "kept", path });
const added = (name: string): PickedImage => ({ key: name, kind: "new", file: new File([], name) });

describe("splitForEdit", () => {
  const own = ["/a.webp", "/b.webp", "/c.webp"];

  it("keeps the product's images in their order and adds new ones after", () => {
    const { kept: stays, upload } = splitForEdit(own, [kept("/a.webp"), kept("/c.webp"), added("n.png")]);
    expect(stays).toEqual(["/a.webp", "/c.webp"]);
    expect(upload.map((i) => i.key)).toEqual(["n.png"]);
  });

  it("sends again an own image moved after a new one or out of its order", () => {
    const moved = splitForEdit(own, [kept("/c.webp"), kept("/a.webp"), kept("/b.webp")]);
    expect(moved.kept).toEqual(["/c.webp"]);
    expect(moved.upload.map((i) => i.key)).toEqual(["/a.webp", "/b.webp"]);
    const newFirst = splitForEdit(own, [added("n.png"), kept("/a.webp")]);
    expect(newFirst.kept).toEqual([]);
    expect(newFirst.upload.map((i) => i.key)).toEqual(["n.png", "/a.webp"]);
  });
});

describe("resizeScale", () => {
  it("brings the longest side to at most 1,600 px and the width to the 1,200 px kept, never enlarges", () => {
    expect(resizeScale(4000, 3000)).toBeCloseTo(0.3);
    expect(resizeScale(3000, 4000)).toBeCloseTo(0.4);
    expect(resizeScale(1000, 10_000)).toBeCloseTo(0.16);
    expect(resizeScale(1600, 400)).toBeCloseTo(0.75);
    expect(resizeScale(800, 600)).toBe(1);
  });
});

describe("passesAsIs", () => {
  it("sends a small JPEG or WebP as it is, not one much heavier than a quality-80 encode, nor a PNG", () => {
    expect(passesAsIs("image/jpeg", 300 * 1024, 1200, 900)).toBe(true);
    expect(passesAsIs("image/webp", 500 * 1024, 1200, 1600)).toBe(true);
    expect(passesAsIs("image/jpeg", 3 * 1024 * 1024, 1200, 900)).toBe(false);
    expect(passesAsIs("image/png", 100 * 1024, 800, 600)).toBe(false);
  });
});
