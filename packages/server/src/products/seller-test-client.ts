import { readdir } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import type { TestServer } from "../testing/test-server.js";

// Helpers for the seller's integration tests (issue 9): calls over the socket with multipart forms
// as browsers and the CLI send them, pictures made on the fly, and the files the media folder holds.

export type FormValue = string | number | Buffer | { bytes: Buffer; type: string; name?: string };

/** A multipart form: Buffers become image/jpeg files. */
export function form(fields: Record<string, FormValue | undefined>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (Buffer.isBuffer(value)) body.append(name, new Blob([value], { type: "image/jpeg" }), `${name}.jpg`);
    else if (typeof value === "object")
      body.append(name, new Blob([value.bytes], { type: value.type }), value.name ?? `${name}.bin`);
    else body.append(name, String(value));
  }
  return body;
}

export function sellerCaller(server: () => TestServer) {
  return async (
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    path: string,
    options: { token?: string; form?: FormData; json?: unknown } = {},
  ) => {
    const headers: Record<string, string> = options.token ? { authorization: `Token ${options.token}` } : {};
    if (options.json !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${server().shopUrl}${path}`, {
      method,
      headers,
      ...(options.form ? { body: options.form } : {}),
      ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}),
    });
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: test answers are read field by field
    const body: any = text === "" ? null : JSON.parse(text);
    return { status: response.status, body, headers: response.headers };
  };
}

let shade = 0;
/** A small JPEG of its own colour (so no two are alike). */
export async function aPhoto(width = 64, height = 48): Promise<Buffer> {
  shade = (shade + 37) % 256;
  return sharp({ create: { width, height, channels: 3, background: { r: shade, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
}

/** The files under DATA_DIR/media/<kind>/ (or DATA_DIR/private/<kind>/). */
export async function filesIn(server: TestServer, kind: string, where: "media" | "private" = "media") {
  const dir = join(where === "media" ? server.media.publicDir : server.media.privateDir, kind);
  try {
    return (await readdir(dir)).sort();
  } catch {
    return [];
  }
}
