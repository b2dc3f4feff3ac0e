import { ChevronRight } from "lucide-react";
import { Fragment } from "react";
import { Link } from "react-router";

export interface Crumb {
  readonly label: string;
  /** The last crumb (the current page) has no link. */
  readonly to?: string;
}

export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="py-3 text-sm text-gray-600">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((crumb, i) => (
          <Fragment key={`${crumb.label}-${crumb.to ?? ""}`}>
            {i > 0 && <ChevronRight aria-hidden="true" size={14} className="text-gray-400" />}
            <li className="max-w-[60vw] truncate">
              {crumb.to !== undefined && i < crumbs.length - 1 ? (
                <Link to={crumb.to} className="hover:text-brand-700 hover:underline">
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current="page" className="font-medium text-gray-900">
                  {crumb.label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
