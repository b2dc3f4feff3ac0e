/** An image the shop service names, as bytes (`products export`); null when it cannot be had. */
export async function downloadMedia(url: string | null): Promise<Uint8Array | null> {
  if (url === null) return null;
  try {
    const response = await globalThis.fetch(url);
    return response.status === 200 ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null;
  }
}
