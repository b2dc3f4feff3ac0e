import { Transform } from "node:stream";
import iconv from "iconv-lite";

/** Where the first bytes that are not UTF-8 sit, as a byte offset into the decoded text (as UTF-8). */
export interface InvalidUtf8 {
  at: number | undefined;
}

const UTF8 = new Set(["utf8", "utf-8"]);

/** True for the names `--encoding` takes (UTF-8 and what iconv-lite knows: windows-1252, latin1, …). */
export function knownEncoding(name: string): boolean {
  return UTF8.has(name.toLowerCase()) || iconv.encodingExists(name);
}

/**
 * The file's bytes as text. Another encoding goes through iconv-lite; UTF-8 (the default) is
 * checked: invalid bytes become U+FFFD and `invalid.at` says where the first one landed, so the
 * reader can name its row and column. A BOM is dropped either way.
 */
export function decodeCsv(encoding: string, invalid: InvalidUtf8): Transform {
  if (!UTF8.has(encoding.toLowerCase())) return iconv.decodeStream(encoding) as unknown as Transform;
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  let carry: Buffer = Buffer.alloc(0);
  let first = true;
  let emitted = 0;
  const emit = (bytes: Buffer): string => {
    const text = decoder.decode(bytes);
    if (invalid.at === undefined) {
      const offset = firstInvalid(bytes, text);
      if (offset !== undefined) invalid.at = emitted + offset;
    }
    emitted += Buffer.byteLength(text);
    return text;
  };
  return new Transform({
    decodeStrings: true,
    readableObjectMode: true,
    transform(chunk: Buffer, _encoding, callback) {
      let bytes = carry.length === 0 ? chunk : Buffer.concat([carry, chunk]);
      if (first && bytes.length < 3) {
        carry = bytes;
        return callback();
      }
      if (first && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
      first = false;
      const cut = bytes.length - incompleteTail(bytes);
      carry = Buffer.from(bytes.subarray(cut));
      const text = emit(bytes.subarray(0, cut));
      callback(null, text === "" ? undefined : text);
    },
    flush(callback) {
      // What is left is a sequence cut short by the end of the file: invalid too.
      callback(null, carry.length === 0 ? undefined : emit(carry));
    },
  });
}

/** Bytes at the end that start a sequence the next chunk completes. */
function incompleteTail(bytes: Buffer): number {
  for (let i = bytes.length - 1; i >= Math.max(0, bytes.length - 3); i--) {
    const byte = bytes[i]!;
    if ((byte & 0xc0) === 0x80) continue;
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return need > bytes.length - i ? bytes.length - i : 0;
  }
  return 0;
}

/** The UTF-8 offset in `text` of the first U+FFFD that replaced invalid bytes (a written U+FFFD is EF BF BD). */
function firstInvalid(bytes: Buffer, text: string): number | undefined {
  for (let i = text.indexOf("\uFFFD"); i !== -1; i = text.indexOf("\uFFFD", i + 1)) {
    // Everything before the first invalid sequence is valid, so text and bytes line up to here.
    const offset = Buffer.byteLength(text.slice(0, i));
    if (!(bytes[offset] === 0xef && bytes[offset + 1] === 0xbf && bytes[offset + 2] === 0xbd)) return offset;
  }
  return undefined;
}
