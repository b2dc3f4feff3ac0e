import { messages } from "@katale/domain";
import { LegalText } from "./legal-text.js";
import { privacySections } from "./legal-texts.js";

export default function PrivacyPage() {
  return <LegalText title={messages.web.privacyTitle} sections={privacySections} />;
}
