import type { AddressFeatureWire } from "@katale/adapters-http/contract";
import { fetch } from "undici";
import { MAX_SUGGESTIONS } from "./gazetteer.js";

// Address suggestions from Geoapify's autocomplete when GEOAPIFY_API_KEY is set, limited to Uganda.
// Any failure (network, status, shape, timeout) answers null and the caller falls back.

const TIMEOUT_MS = 3000;

export async function geoapifyAutocomplete(
  text: string,
  options: { apiKey: string; url: string },
): Promise<AddressFeatureWire[] | null> {
  const url = new URL(options.url);
  url.searchParams.set("text", text);
  url.searchParams.set("filter", "countrycode:ug");
  url.searchParams.set("limit", String(MAX_SUGGESTIONS));
  url.searchParams.set("lang", "en");
  url.searchParams.set("apiKey", options.apiKey);
  try {
    const response = await fetch(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const body = (await response.json()) as { features?: unknown };
    if (!Array.isArray(body.features)) return null;
    const features: AddressFeatureWire[] = [];
    for (const feature of body.features) {
      const p = (feature as { properties?: Record<string, unknown> })?.properties;
      if (!p || typeof p.formatted !== "string") continue;
      const lat = Number(p.lat);
      const lon = Number(p.lon);
      if (!Number.isFinite(lat) || !Number.isFinite(lon)) continue;
      features.push({ properties: { formatted: p.formatted, lat, lon } });
    }
    return features.slice(0, MAX_SUGGESTIONS);
  } catch {
    return null;
  }
}
