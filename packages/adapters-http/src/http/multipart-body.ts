import type { ImageUpload } from "@katale/domain";

/** A value of a multipart form: text, or a picked file. Undefined values are left out. */
export type MultipartValue = string | number | ImageUpload | undefined;
export type MultipartFields = Readonly<Record<string, MultipartValue>>;

export interface MultipartBody {
  readonly contentType: string;
  readonly body: Uint8Array;
}

const encoder = new TextEncoder();

/**
 * multipart/form-data (RFC 7578) built by hand into bytes, so the same request goes out through
 * browser fetch, Node's fetch and undici's without depending on whose FormData is which.
 */
export function encodeMultipart(fields: MultipartFields): MultipartBody {
  const boundary = `----katale${randomHex(16)}`;
  const parts: Uint8Array[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(name)}"`;
    if (typeof value === "object") {
      head += `; filename="${escapeName(value.fileName)}"\r\nContent-Type: ${value.contentType}\r\n\r\n`;
      parts.push(encoder.encode(head), value.bytes, encoder.encode("\r\n"));
    } else {
      parts.push(encoder.encode(`${head}\r\n\r\n${String(value)}\r\n`));
    }
  }
  parts.push(encoder.encode(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: concat(parts) };
}

/** The HTML standard's escaping of names in Content-Disposition. */
function escapeName(name: string): string {
  return name.replaceAll("\n", "%0A").replaceAll("\r", "%0D").replaceAll('"', "%22");
}

function randomHex(bytes: number): string {
  const values = globalThis.crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (b) => b.toString(16).padStart(2, "0")).join("");
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
