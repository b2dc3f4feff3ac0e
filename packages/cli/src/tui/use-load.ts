import type { Result } from "@katale/domain";
import { useCallback, useEffect, useRef, useState } from "react";

export type Loaded<T> =
  | { readonly state: "loading" }
  | { readonly state: "ok"; readonly value: T }
  | { readonly state: "failed"; readonly message: string };

/**
 * Runs `load` when the screen opens (and on `reload`), as a value, a failure's line, or loading.
 * A load that throws is shown as a line too, never as a stack.
 */
export function useLoad<T, E>(
  load: () => Promise<Result<T, E>>,
  describe: (error: E) => string,
  deps: readonly unknown[],
): { readonly loaded: Loaded<T>; reload(): void; set(value: T): void } {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: "loading" });
  const [round, setRound] = useState(0);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the load depends on
  useEffect(() => {
    let current = true;
    setLoaded({ state: "loading" });
    load().then(
      (result) => {
        if (!current) return;
        setLoaded(
          result.ok
            ? { state: "ok", value: result.value }
            : { state: "failed", message: describe(result.error) },
        );
      },
      (error: unknown) => {
        if (current)
          setLoaded({ state: "failed", message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [...deps, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const set = useCallback((value: T) => {
    if (live.current) setLoaded({ state: "ok", value });
  }, []);
  return { loaded, reload, set };
}
