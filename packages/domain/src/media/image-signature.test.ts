import { describe, expect, it } from "vitest";
import { imageKindOf } from "./image-signature.js";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)),
  );

describe("a picked file's kind, from its first bytes", () => {
  it("knows the images the service reads", () => {
    expect(imageKindOf(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(imageKindOf(bytes([0x89], "PNG", [13, 10, 26, 10]))).toBe("png");
    expect(imageKindOf(bytes("GIF89a"))).toBe("gif");
    expect(imageKindOf(bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "))).toBe("webp");
    expect(imageKindOf(bytes([0, 0, 0, 24], "ftypheic"))).toBe("heif");
    expect(imageKindOf(bytes([0, 0, 0, 24], "ftypavif"))).toBe("heif");
  });

  it("refuses a text file, whatever its name", () => {
    expect(imageKindOf(bytes("just some words\n"))).toBeNull();
    expect(imageKindOf(bytes("<svg xmlns="))).toBeNull();
    expect(imageKindOf(new Uint8Array())).toBeNull();
  });
});
