import { LINK_COPIED_NOTICE_MS, messages } from "@katale/domain";
import { Share2 } from "lucide-react";
import { useEffect, useState } from "react";

/** Copies the page's link and says 'Link copied' for 2 s. */
export function ShareButton() {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), LINK_COPIED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  async function share() {
    try {
      await navigator.clipboard.writeText(window.location.href);
      setCopied(true);
    } catch {
      // Clipboard refused (insecure context, permissions): nothing was copied, so say nothing.
    }
  }
  return (
    <div className="relative inline-flex items-center gap-2">
      <button type="button" className="btn-secondary" onClick={share}>
        <Share2 aria-hidden="true" size={18} />
        {messages.products.share}
      </button>
      <span role="status" className="text-sm text-green-700">
        {copied ? messages.common.linkCopied : ""}
      </span>
    </div>
  );
}
