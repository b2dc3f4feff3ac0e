import type { Faq } from "@katale/domain";
import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";

/** One question of the accordion; the answer opens under it. */
export function FaqItem({ faq }: { faq: Faq }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <li className="rounded-xl border border-gray-200 bg-white">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          className="flex min-h-12 w-full items-center justify-between gap-3 px-4 py-3 text-left font-medium"
        >
          {faq.question}
          <ChevronDown
            aria-hidden="true"
            size={20}
            className={`shrink-0 transition-transform ${open ? "rotate-180" : ""}`}
          />
        </button>
      </h2>
      <div id={id} hidden={!open} className="px-4 pb-4 text-gray-700">
        {faq.answer}
      </div>
    </li>
  );
}
