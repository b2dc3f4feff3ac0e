import { type ComponentType, lazy } from "react";
import { allStyles } from "./all-styles.js";

/**
 * A component whose code is a chunk of its own, loaded when first rendered; if the chunk cannot be
 * loaded (no network, and not kept by the worker) it renders nothing instead of failing the page.
 * For the shell's parts, which sit outside every screen's error boundary. Rendered once the whole
 * stylesheet applies too (all-styles.ts).
 */
export function lazyOrNothing<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const nothing: ComponentType<P> = () => null;
  return lazy(async () => ({ default: (await Promise.all([load().catch(() => nothing), allStyles()]))[0] }));
}
