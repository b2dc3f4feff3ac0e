import { PageTitle } from "../ui/page-title.js";

/** A short static page of titled paragraphs (privacy, terms). */
export function LegalText({
  title,
  sections,
}: {
  title: string;
  sections: readonly (readonly [string, string])[];
}) {
  return (
    <article className="page max-w-3xl py-6">
      <PageTitle>{title}</PageTitle>
      {sections.map(([heading, text]) => (
        <section key={heading} className="mt-5">
          <h2 className="font-semibold text-gray-900">{heading}</h2>
          <p className="mt-1 text-gray-700">{text}</p>
        </section>
      ))}
    </article>
  );
}
