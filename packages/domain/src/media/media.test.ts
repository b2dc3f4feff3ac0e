import { describe, expect, it } from "vitest";
import { dataSaverSrcSet, imageSrcSet, imageVariant, savesData } from "./image-variant.js";
import { mediaUrl } from "./media-url.js";

const base = "https://katale.ug/api/shop/";

describe("mediaUrl", () => {
  it("resolves a host path against the shop service's origin", () => {
    expect(mediaUrl(base, "/media/products/ab12.webp")).toBe("https://katale.ug/media/products/ab12.webp");
    expect(mediaUrl("http://127.0.0.1:8080/api/shop/", "/media/x.webp")).toBe(
      "http://127.0.0.1:8080/media/x.webp",
    );
  });

  it("keeps a URL with a scheme as it is", () => {
    expect(mediaUrl(base, "http://cdn.example.com/a.png")).toBe("http://cdn.example.com/a.png");
  });

  it("prepends https:// to a bare host and path (legacy category images)", () => {
    expect(mediaUrl(base, "res.cloudinary.com/katale/cat.png")).toBe(
      "https://res.cloudinary.com/katale/cat.png",
    );
    expect(mediaUrl(base, "//cdn.example.com/a.png")).toBe("https://cdn.example.com/a.png");
  });

  it("has no URL for a missing image", () => {
    expect(mediaUrl(base, null)).toBeNull();
    expect(mediaUrl(base, "")).toBeNull();
  });
});

describe("imageVariant", () => {
  it("names the variant beside the main file", () => {
    expect(imageVariant("/media/products/ab12cd34.webp", 240)).toBe("/media/products/ab12cd34-240.webp");
    expect(imageVariant("https://katale.ug/media/p/x.webp?v=2", 800)).toBe(
      "https://katale.ug/media/p/x-800.webp?v=2",
    );
  });

  it("leaves images that have no variants alone", () => {
    expect(imageVariant("https://cdn.example.com/a.png", 480)).toBe("https://cdn.example.com/a.png");
  });

  it("builds a srcset of the three variants and the main file", () => {
    expect(imageSrcSet("/m/a.webp")).toBe(
      "/m/a-240.webp 240w, /m/a-480.webp 480w, /m/a-800.webp 800w, /m/a.webp 1200w",
    );
    expect(imageSrcSet("/m/a.png")).toBe("/m/a.png");
  });

  it("builds data saver's srcset a size smaller, without the main file", () => {
    expect(dataSaverSrcSet("/m/a.webp")).toBe("/m/a-240.webp 480w, /m/a-480.webp 960w, /m/a-800.webp 1600w");
    expect(dataSaverSrcSet("/m/a.png")).toBe("/m/a.png");
  });
});

describe("savesData", () => {
  it("follows the data saver switch's cookie when set, else the browser's Save-Data", () => {
    expect(savesData(undefined, undefined)).toBe(false);
    expect(savesData("on", undefined)).toBe(true);
    expect(savesData(" On ", "theme=dark")).toBe(true);
    expect(savesData(undefined, "theme=dark; katale-data-saver=on")).toBe(true);
    expect(savesData("on", "katale-data-saver=off; theme=dark")).toBe(false);
    // Another cookie whose name ends the same is not the switch.
    expect(savesData(undefined, "my-katale-data-saver=on")).toBe(false);
  });
});
