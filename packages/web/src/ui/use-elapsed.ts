import { useEffect, useState } from "react";

/** False until `ms` have passed since the screen showed `key` (a new key starts the wait again). */
export function useElapsed(ms: number, key: unknown): boolean {
  const [elapsedFor, setElapsedFor] = useState<{ key: unknown } | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setElapsedFor({ key }), ms);
    return () => clearTimeout(timer);
  }, [ms, key]);
  return elapsedFor !== null && Object.is(elapsedFor.key, key);
}
