import { messages } from "@katale/domain";
import { Mail } from "lucide-react";
import { Link } from "react-router";
import { PageTitle } from "../ui/page-title.js";

/** /contact: 'Contact info' and how to reach us. */
export default function ContactPage() {
  return (
    <div className="page max-w-3xl py-6">
      <PageTitle>{messages.support.contactInfo}</PageTitle>
      <p className="mt-3 text-gray-700">{messages.web.contactLead}</p>
      <p className="mt-4 flex items-center gap-2">
        <Mail aria-hidden="true" size={18} className="text-brand-700" />
        <a href={`mailto:${messages.web.supportEmail}`} className="text-brand-700 underline">
          {messages.web.supportEmail}
        </a>
      </p>
      <p className="mt-2 text-sm text-gray-600">{messages.web.contactHours}</p>
      <p className="mt-6">
        <Link to="/faq" className="text-brand-700 underline">
          {messages.support.faq}
        </Link>
      </p>
    </div>
  );
}
