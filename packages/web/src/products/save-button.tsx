import { messages } from "@katale/domain";
import { Bookmark } from "lucide-react";
import { useLoginPrompt } from "../auth/login-prompt-context.js";

/**
 * The save (bookmark) toggle. Saving needs a signed-in user; until accounts exist every visitor gets
 * the 'You need to login first' popup.
 */
export function SaveButton({ productName, className = "" }: { productName: string; className?: string }) {
  const promptLogin = useLoginPrompt();
  return (
    <button
      type="button"
      aria-label={messages.web.saveProduct(productName)}
      aria-pressed={false}
      onClick={promptLogin}
      className={`icon-button ${className}`}
    >
      <Bookmark aria-hidden="true" size={20} />
    </button>
  );
}
