import { messages } from "@katale/domain";
import { LegalText } from "./legal-text.js";
import { termsSections } from "./legal-texts.js";

export default function TermsPage() {
  return <LegalText title={messages.web.termsTitle} sections={termsSections} />;
}
