import { EyeOff } from "lucide-react";

/** What the owner of a product moderators hid sees on its page: the service's words ("Hidden by moderators: <note>"). */
export function HiddenBanner({ note }: { note: string }) {
  return (
    <p
      role="status"
      className="mb-4 flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 px-3 py-2 font-medium text-red-800"
    >
      <EyeOff aria-hidden="true" size={18} className="mt-0.5 shrink-0" />
      <span>{note}</span>
    </p>
  );
}
