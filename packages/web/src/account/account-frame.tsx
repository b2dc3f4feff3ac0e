import { webAccountMessages } from "@katale/domain";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageTitle } from "../ui/page-title.js";

/**
 * The frame of the account sub-pages: a way back to /account, the title, then the content; `wide`
 * for the lists of products, which take the page's full width as the other product grids do.
 */
export function AccountFrame({
  title,
  wide,
  children,
}: {
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`page py-4 sm:py-6 ${wide ? "" : "max-w-3xl"}`}>
      <Link
        to="/account"
        className="-ml-2 inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm text-gray-700 hover:text-brand-700"
      >
        <ArrowLeft aria-hidden="true" size={18} />
        {webAccountMessages.backToAccount}
      </Link>
      <div className="mt-1">
        <PageTitle>{title}</PageTitle>
      </div>
      <div className="mt-5 flex flex-col gap-5">{children}</div>
    </div>
  );
}

/** A titled white card of the account pages. */
export function AccountCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
      <h2 className="text-lg font-semibold text-gray-900">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
