import type { ComponentType } from "react";
import { lazyStyled } from "../ui/all-styles.js";

type Later = typeof import("./later-sections.js");

/** One of the later sections (later-sections.ts), loaded when first rendered. */
export function later<K extends keyof Later>(name: K): ComponentType {
  return lazyStyled(async () => ({ default: (await import("./later-sections.js"))[name] as ComponentType }));
}
