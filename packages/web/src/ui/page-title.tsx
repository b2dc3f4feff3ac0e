import type { ReactNode } from "react";

export function PageTitle({ children }: { children: ReactNode }) {
  return <h1 className="text-xl font-semibold text-gray-900 sm:text-2xl">{children}</h1>;
}
