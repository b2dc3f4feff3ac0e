import { geoCalls, routeSchema } from "@katale/adapters-http/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { clientKey } from "../http/client-address.js";
import { RateLimits, refusedByLimits } from "../http/rate-limits.js";
import type { RouteDeps } from "../http/route-deps.js";
import { searchPlaces, toFeature } from "./gazetteer.js";
import { geoapifyAutocomplete } from "./geoapify.js";

// GET geo/autocomplete/?text= on the shop service (issue 4): address suggestions for the location
// fields. Geoapify when GEOAPIFY_API_KEY is set (falling back to the gazetteer when it fails), the
// offline gazetteer of Ugandan places otherwise. The key never leaves the server.

const TAG = "geo";
/** Suggestions follow typing, so the allowance is generous; it stops scripts from draining the key. */
const GEO_LIMITS = { perAddress: { points: 300, duration: 5 * 60 } };

export const geoRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { config, counters }) => {
  const limits = new RateLimits("geo", GEO_LIMITS, { store: counters });

  app.get(
    `/${geoCalls.autocomplete.path}`,
    { schema: routeSchema(geoCalls.autocomplete, TAG) },
    async (request, reply) => {
      if (await refusedByLimits(reply, limits, [["perAddress", clientKey(request), "hit"]])) return reply;
      const { text } = request.query;
      if (config.geoapifyApiKey) {
        const features = await geoapifyAutocomplete(text, {
          apiKey: config.geoapifyApiKey,
          url: config.geoapifyUrl,
        });
        if (features) return { features };
        request.log.warn("Geoapify autocomplete failed; answering from the gazetteer");
      }
      reply.header("cache-control", "public, max-age=3600");
      return { features: searchPlaces(text).map(toFeature) };
    },
  );
};
