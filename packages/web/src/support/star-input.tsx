import { messages, RATING_MAX, RATING_MIN, RATING_STEP } from "@katale/domain";
import { type InputHTMLAttributes, type Ref, useId } from "react";
import { Stars } from "../ui/stars.js";

/**
 * Stars 0–5 in half steps (spec §5). A native range input lies invisibly over the five stars: a tap
 * or a drag picks the value, arrow keys step by a half, and screen readers hear "3.5 out of 5".
 */
export function StarInput({
  label,
  value,
  ref,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value"> & {
  label: string;
  value: number;
  ref?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="flex items-center gap-3">
        <div className="relative inline-flex rounded-md has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700">
          <Stars rating={value} size={32} />
          <input
            ref={ref}
            id={id}
            type="range"
            min={RATING_MIN}
            max={RATING_MAX}
            step={RATING_STEP}
            value={value}
            aria-valuetext={messages.web.starsOutOfFive(value)}
            className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
            {...input}
          />
        </div>
        <span aria-hidden="true" className="text-sm text-gray-700 tabular-nums">
          {value} / {RATING_MAX}
        </span>
      </div>
    </div>
  );
}
