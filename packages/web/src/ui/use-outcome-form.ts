import { zodResolver } from "@hookform/resolvers/zod";
import type { Result } from "@katale/domain";
import { type BaseSyntheticEvent, useCallback, useEffect, useState } from "react";
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import type { z } from "zod";
import type { BannerState } from "./banner.js";
import { type FormFailure, failureWords } from "./form-failure.js";

export interface OutcomeFormOptions<Input extends FieldValues, Output extends FieldValues, T> {
  readonly defaultValues: DefaultValues<Input>;
  /** The success's own line (an account step's `Done` message) shows in the success banner; default true. */
  readonly successBanner?: boolean;
  /** A line carried over from the previous step, shown until the next try. */
  readonly initialBanner?: BannerState | null;
  /**
   * After the success banner is up: the next step (navigate, open a popup, empty the form...), given
   * the use case's answer, the values it was given and the form.
   */
  readonly onSuccess?: (
    value: T,
    values: Output,
    form: UseFormReturn<Input, unknown, Output>,
  ) => void | Promise<void>;
  /** Takes the failure's line instead of the error banner (e.g. the step before shows it). */
  readonly onFailure?: (message: string) => void;
  /** The screen's own line for any failure, instead of the use case's. */
  readonly failureMessage?: string;
  /**
   * How long a banner stays (ms), given the failure it words or null for the success line;
   * undefined keeps it until the next try. By default every banner stays.
   */
  readonly bannerLastsMs?: (failure: FormFailure | null) => number | undefined;
}

export interface OutcomeForm<Input extends FieldValues, Output extends FieldValues> {
  /** The react-hook-form handle: `register`, `formState.errors`, `reset`, `trigger`... */
  readonly form: UseFormReturn<Input, unknown, Output>;
  /** For `<form onSubmit>`: checks the fields, runs the use case, shows its outcome. */
  readonly onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** The use case is running (and the success step after it). */
  readonly busy: boolean;
  /** For `<Banners state>`: the success or the failure line, or nothing. */
  readonly banner: BannerState | null;
  readonly setBanner: (banner: BannerState | null) => void;
}

/** A banner on screen and how long it stays. */
interface Shown {
  readonly banner: BannerState;
  readonly ms: number | undefined;
}

/** The success's own line when it has one (an account step's `Done`). */
function successLine(value: unknown): string | null {
  if (typeof value !== "object" || value === null || !("message" in value)) return null;
  return typeof value.message === "string" ? value.message : null;
}

/**
 * A form over a use case: react-hook-form checking the domain's schema, the busy state, and the
 * banner. The use case's `Result` is mapped here once: success shows its line and calls `onSuccess`;
 * a failure puts each field's message under its field and the rest in the error banner.
 */
export function useOutcomeForm<Input extends FieldValues, Output extends FieldValues, T>(
  schema: z.ZodType<Output, Input>,
  run: (values: Output) => Promise<Result<T, FormFailure>>,
  options: OutcomeFormOptions<Input, Output, T>,
): OutcomeForm<Input, Output> {
  const {
    defaultValues,
    initialBanner = null,
    successBanner = true,
    onSuccess,
    onFailure,
    failureMessage,
    bannerLastsMs = () => undefined,
  } = options;
  const [shown, setShown] = useState<Shown | null>(initialBanner && { banner: initialBanner, ms: undefined });
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const setBanner = useCallback(
    (banner: BannerState | null) => setShown(banner && { banner, ms: undefined }),
    [],
  );

  useEffect(() => {
    if (shown?.ms === undefined) return;
    const timer = setTimeout(() => setShown(null), shown.ms);
    return () => clearTimeout(timer);
  }, [shown]);

  const onSubmit = form.handleSubmit(async (values) => {
    setShown(null);
    const answer = await run(values);
    if (answer.ok) {
      const line = successBanner ? successLine(answer.value) : null;
      if (line !== null) setShown({ banner: { tone: "success", text: line }, ms: bannerLastsMs(null) });
      await onSuccess?.(answer.value, values, form);
      return;
    }
    const words = failureWords(answer.error);
    const shownUnderFields = new Set<string>();
    for (const [name, message] of Object.entries(words.fields)) {
      if (!(name in defaultValues)) continue;
      form.setError(name as Path<Input>, { type: "server", message });
      shownUnderFields.add(message);
    }
    const message = failureMessage ?? words.message;
    if (shownUnderFields.has(message)) return;
    if (onFailure !== undefined) onFailure(message);
    else setShown({ banner: { tone: "error", text: message }, ms: bannerLastsMs(answer.error) });
  });

  return { form, onSubmit, busy: form.formState.isSubmitting, banner: shown?.banner ?? null, setBanner };
}
