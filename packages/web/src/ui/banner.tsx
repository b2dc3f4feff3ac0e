import { CircleAlert, CircleCheck } from "lucide-react";
import type { ReactNode } from "react";

/**
 * The success and error banners of the forms (spec §2 "hidden success and error banners"): the live
 * region is always there, so a message that appears is read out.
 */
export function Banner({ tone, children }: { tone: "success" | "error"; children?: ReactNode }) {
  const shown = children !== undefined && children !== null && children !== "" && children !== false;
  return (
    <div role={tone === "error" ? "alert" : "status"} aria-live={tone === "error" ? "assertive" : "polite"}>
      {shown && (
        <p
          className={`flex items-start gap-2 rounded-lg px-3 py-2 text-sm font-medium ${
            tone === "error" ? "bg-red-50 text-red-800" : "bg-green-50 text-green-800"
          }`}
        >
          {tone === "error" ? (
            <CircleAlert aria-hidden="true" size={18} className="mt-px shrink-0" />
          ) : (
            <CircleCheck aria-hidden="true" size={18} className="mt-px shrink-0" />
          )}
          <span>{children}</span>
        </p>
      )}
    </div>
  );
}

export interface BannerState {
  readonly tone: "success" | "error";
  readonly text: string;
}

/** Both banners of a form; at most one shows at a time. */
export function Banners({ state }: { state: BannerState | null }) {
  return (
    <div>
      <Banner tone="success">{state?.tone === "success" ? state.text : undefined}</Banner>
      <Banner tone="error">{state?.tone === "error" ? state.text : undefined}</Banner>
    </div>
  );
}
