import type { ReactNode } from "react";

/** A titled home section. */
export function Section({
  title,
  children,
  action,
  id: given,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
  id?: string;
}) {
  const id = given ?? `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="page py-5">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={id} className="section-title">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
