import { messages, type Shop } from "@katale/domain";
import { Mail, Phone } from "lucide-react";
import { useCallback, useId, useRef, useState } from "react";
import { useDismiss } from "../ui/use-dismiss.js";

/** The shop's email and phone, or 'not set' (spec §2). */
export function ContactsPopover({ shop }: { shop: Shop | null }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const id = useId();
  useDismiss(open, root, close);
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        className="btn-secondary"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {messages.products.contacts}
      </button>
      {open && (
        <dl
          id={id}
          className="absolute left-0 z-20 mt-2 w-64 rounded-xl border border-gray-200 bg-white p-4 text-sm shadow-lg"
        >
          <dt className="flex items-center gap-2 font-medium text-gray-700">
            <Mail aria-hidden="true" size={16} /> {messages.web.email}
          </dt>
          <dd className="mb-3 break-all">
            {shop?.email ? (
              <a href={`mailto:${shop.email}`} className="text-brand-700 underline">
                {shop.email}
              </a>
            ) : (
              messages.common.notSet
            )}
          </dd>
          <dt className="flex items-center gap-2 font-medium text-gray-700">
            <Phone aria-hidden="true" size={16} /> {messages.web.phone}
          </dt>
          <dd>
            {shop?.phone ? (
              <a href={`tel:${shop.phone}`} className="text-brand-700 underline">
                {shop.phone}
              </a>
            ) : (
              messages.common.notSet
            )}
          </dd>
        </dl>
      )}
    </div>
  );
}
