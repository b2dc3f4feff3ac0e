import { describe, expect, it } from "vitest";
import { encodeMultipart } from "./multipart-body.js";

/** Reads the body back as a standard multipart parser (the platform's Response) does. */
async function parse(fields: Parameters<typeof encodeMultipart>[0]) {
  const { contentType, body } = encodeMultipart(fields);
  return new Response(body, { headers: { "content-type": contentType } }).formData();
}

describe("multipart body", () => {
  it("carries text fields and files with their name and type", async () => {
    const bytes = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 255]);
    const form = await parse({
      email: "amina@example.ug",
      location_latitude: 0.3476,
      national_id_image: { fileName: "id card.png", contentType: "image/png", bytes },
      skipped: undefined,
    });
    expect(form.get("email")).toBe("amina@example.ug");
    expect(form.get("location_latitude")).toBe("0.3476");
    expect(form.has("skipped")).toBe(false);
    const file = form.get("national_id_image") as File;
    expect(file.name).toBe("id card.png");
    expect(file.type).toBe("image/png");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
  });

  it("keeps quotes and line breaks in file names without breaking the part headers", async () => {
    const form = await parse({
      picture: { fileName: 'a"b\r\nc.jpg', contentType: "image/jpeg", bytes: new Uint8Array([1]) },
    });
    expect((form.get("picture") as File).name).toBe('a"b\r\nc.jpg');
  });

  it("uses a fresh boundary each time", () => {
    expect(encodeMultipart({}).contentType).not.toBe(encodeMultipart({}).contentType);
  });
});
