import { z } from "zod";
import { defineCalls, detailError } from "./common.js";

// Address suggestions (spec §3 "Address suggestion", §7 "external geocoding autocomplete"), served
// by the shop service so clients need no third-party key.

export const addressFeatureWire = z.object({
  properties: z.object({ formatted: z.string(), lat: z.number(), lon: z.number() }),
});
export type AddressFeatureWire = z.infer<typeof addressFeatureWire>;

export const geoCalls = defineCalls({
  autocomplete: () => ({
    service: "shop",
    method: "GET",
    path: "geo/autocomplete/",
    summary: "Address suggestions for typed text",
    querystring: z.object({ text: z.string().trim().min(1, "text must not be empty").max(200) }),
    response: {
      200: z.object({ features: z.array(addressFeatureWire) }),
      400: detailError,
      429: detailError,
      502: detailError,
    },
  }),
});
