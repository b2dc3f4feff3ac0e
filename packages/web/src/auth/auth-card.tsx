import type { ReactNode } from "react";
import { PageTitle } from "../ui/page-title.js";

/** The frame of the sign-in screens: one centred card, full width on a phone. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page flex justify-center py-6 sm:py-10">
      <section className="w-full max-w-md rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-8">
        <PageTitle>{title}</PageTitle>
        <div className="mt-5">{children}</div>
      </section>
    </div>
  );
}
