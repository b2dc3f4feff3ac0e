import type { ShopIdCipher } from "@katale/domain";

const IV_BYTES = 12;
const TAG_BYTES = 16;
const TOKEN_CHARS = /^[A-Za-z0-9+_]+={0,2}$/;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

// WebCrypto types as the global declares them, whichever environment supplies the declaration.
type Subtle = typeof globalThis.crypto.subtle;
type Key = Awaited<ReturnType<Subtle["importKey"]>>;

/** Bytes over a plain ArrayBuffer: what WebCrypto's BufferSource accepts under the DOM library. */
type Bytes = Uint8Array<ArrayBuffer>;

interface Keys {
  readonly aes: Key;
  readonly iv: Key;
}

/**
 * Shop ids in links, encrypted (spec §5) with WebCrypto, so the same code runs in Node 20 and browsers.
 * AES-256-GCM under SHA-256(secret). The IV is an HMAC of the id (under a key derived separately from
 * the secret), so a shop always gets the same link, and an IV only ever repeats with its own id. The
 * token is base64 of IV + ciphertext + tag with '/' replaced by '_'. decrypt checks the GCM tag and
 * that the IV is the one the id would get, so any tampering answers null.
 */
export class AesShopIdCipher implements ShopIdCipher {
  private keys: Promise<Keys> | undefined;

  constructor(private readonly secret: string) {
    if (secret.length === 0) throw new Error("AesShopIdCipher needs a non-empty secret");
  }

  async encrypt(id: number): Promise<string> {
    if (!Number.isSafeInteger(id) || id < 1) throw new RangeError(`not a shop id: ${id}`);
    const keys = await this.derivedKeys();
    const plaintext = encoder.encode(String(id));
    const iv = await ivFor(keys, plaintext);
    const sealed = new Uint8Array(await subtle().encrypt({ name: "AES-GCM", iv }, keys.aes, plaintext));
    return toBase64([...iv, ...sealed]).replaceAll("/", "_");
  }

  async decrypt(token: string): Promise<number | null> {
    if (!TOKEN_CHARS.test(token)) return null;
    const bytes = fromBase64(token.replaceAll("_", "/"));
    if (bytes === null || bytes.length <= IV_BYTES + TAG_BYTES) return null;
    const keys = await this.derivedKeys();
    const iv = bytes.slice(0, IV_BYTES);
    let plaintext: Bytes;
    try {
      plaintext = new Uint8Array(
        await subtle().decrypt({ name: "AES-GCM", iv }, keys.aes, bytes.slice(IV_BYTES)),
      );
    } catch {
      return null;
    }
    const text = decoder.decode(plaintext);
    if (!/^[1-9]\d{0,15}$/.test(text)) return null;
    const id = Number(text);
    if (!Number.isSafeInteger(id)) return null;
    const expectedIv = await ivFor(keys, plaintext);
    return equalBytes(iv, expectedIv) ? id : null;
  }

  private derivedKeys(): Promise<Keys> {
    this.keys ??= deriveKeys(this.secret);
    return this.keys;
  }
}

async function deriveKeys(secret: string): Promise<Keys> {
  const aesBytes = await subtle().digest("SHA-256", encoder.encode(secret));
  const ivBytes = await subtle().digest("SHA-256", encoder.encode(`katale shop id iv\0${secret}`));
  const [aes, iv] = await Promise.all([
    subtle().importKey("raw", aesBytes, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]),
    subtle().importKey("raw", ivBytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]),
  ]);
  return { aes, iv };
}

async function ivFor(keys: Keys, plaintext: Bytes): Promise<Bytes> {
  const mac = await subtle().sign("HMAC", keys.iv, plaintext);
  return new Uint8Array(mac).slice(0, IV_BYTES);
}

function subtle(): Subtle {
  const crypto = globalThis.crypto as typeof globalThis.crypto | undefined;
  if (crypto?.subtle === undefined) throw new Error("WebCrypto (globalThis.crypto.subtle) is not available");
  return crypto.subtle;
}

function toBase64(bytes: readonly number[]): string {
  return btoa(String.fromCharCode(...bytes));
}

function fromBase64(text: string): Bytes | null {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
