import { firstScreenMessages as messages } from "@katale/domain";
import { LoaderCircle } from "lucide-react";

export function Spinner({
  label = messages.web.loading,
  className = "",
}: {
  label?: string;
  className?: string;
}) {
  return (
    <div role="status" className={`flex justify-center py-8 text-brand-700 ${className}`}>
      <LoaderCircle aria-hidden="true" className="h-8 w-8 animate-spin" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
