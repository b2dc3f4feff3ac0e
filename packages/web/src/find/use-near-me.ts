import { useState } from "react";

/** Three decimals: about 100 m, enough for a radius of kilometres and kinder to the user's privacy. */
const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The browser's location, asked only when the user chooses "Near me": `locate` answers the point,
 * or null when the browser has none or the user refuses (`refused` then says so).
 */
export function useNearMe() {
  const [state, setState] = useState<"idle" | "asking" | "refused">("idle");
  const locate = () =>
    new Promise<{ lat: number; lng: number } | null>((resolve) => {
      if (typeof navigator === "undefined" || !("geolocation" in navigator)) {
        setState("refused");
        resolve(null);
        return;
      }
      setState("asking");
      navigator.geolocation.getCurrentPosition(
        (position) => {
          setState("idle");
          resolve({ lat: round(position.coords.latitude), lng: round(position.coords.longitude) });
        },
        () => {
          setState("refused");
          resolve(null);
        },
        { maximumAge: 5 * 60_000, timeout: 20_000 },
      );
    });
  return { locate, asking: state === "asking", refused: state === "refused" };
}
