import { safetyMessages } from "@katale/domain";
import { ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { PageTitle } from "../ui/page-title.js";

/** /stay-safe: the safety tips in full (linked from every safety note and the footer). */
export default function StaySafePage() {
  const words = safetyMessages;
  return (
    <article className="page max-w-3xl py-6">
      <PageTitle>{words.pageTitle}</PageTitle>
      <p className="mt-2 flex items-start gap-2 text-gray-700">
        <ShieldAlert aria-hidden="true" size={20} className="mt-0.5 shrink-0 text-amber-700" />
        {words.pageIntro}
      </p>
      {words.sections.map((section) => (
        <section key={section.heading} className="mt-5">
          <h2 className="font-semibold text-gray-900">{section.heading}</h2>
          <p className="mt-1 text-gray-700">{section.body}</p>
        </section>
      ))}
      <p className="mt-6">
        <Link to="/contact" className="btn-secondary">
          {words.contactUs}
        </Link>
      </p>
    </article>
  );
}
