import type { ReactNode } from "react";

/** A quiet line where a list would be. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-lg bg-white px-4 py-8 text-center text-gray-600">{children}</p>;
}
