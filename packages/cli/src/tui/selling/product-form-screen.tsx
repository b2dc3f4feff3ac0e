import { Select } from "@inkjs/ui";
import { Box, Text, useInput } from "ink";
import { useRef, useState } from "react";
import { truncate } from "../../output/text.js";
import { parsePrice } from "../../selling/parse-price.js";
import { Field } from "../components/field.js";
import { ErrorLine } from "../components/status.js";
import { useTui, useTyping } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { KeptImagesStep } from "./kept-images-step.js";
import { ADD_STEPS, type FormValues, LABELS, NO_VALUES, STEPS, shownValue } from "./product-form-steps.js";
import { useProductForm } from "./use-product-form.js";

/** The product form, a field at a time: add a product, or edit one (its values filled in). */
export function ProductFormScreen({ shopId, productSlug }: { shopId: number; productSlug?: string }) {
  const tui = useTui();
  const { width } = tui;
  const [values, setValues] = useState<FormValues>(NO_VALUES);
  const {
    catalogue,
    product,
    failure,
    canSubmit,
    submit: send,
  } = useProductForm(shopId, productSlug, setValues);
  const [step, setStep] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const steps = productSlug === undefined ? ADD_STEPS : STEPS;
  const field = steps[step];
  // The form has the keys (its selects' arrows and Enter too) until it is sent; Esc cancels it.
  useTyping(field !== undefined);
  useInput((_input, key) => key.escape && tui.back(), { isActive: tui.active && field !== undefined });
  // The select tells a change only: Enter on the value it already has (editing) keeps that value.
  const chose = useRef(false);
  const choosing = field === "categoryId" || field === "subCategoryId" ? field : null;
  useInput(
    (_input, key) => {
      if (!key.return || choosing === null) return;
      chose.current = false;
      const current = values[choosing];
      const offered =
        choosing === "categoryId" ||
        catalogue?.subCategories.some((s) => s.id === current && s.categoryId === values.categoryId);
      setTimeout(() => {
        if (!chose.current && current !== null && offered) next(current);
      }, 20);
    },
    { isActive: tui.active && choosing !== null && !busy },
  );

  const submit = async (all: FormValues) => {
    if (!canSubmit) return;
    setBusy(true);
    const refused = await send(all);
    setBusy(false);
    if (refused === null) return;
    const back = refused.step === undefined ? -1 : steps.indexOf(refused.step);
    if (back >= 0) setStep(back);
    setProblem(refused.problem);
  };

  const next = (given: string | number | readonly string[]) => {
    if (field === undefined) return;
    let value = given;
    // The price as Ugandans write it ("1,800,000", "UGX 15,000", "15,000/="), read at once: a price
    // that cannot be read is said here, not after the last field.
    if (field === "price" && typeof given === "string") {
      const price = parsePrice(given);
      if (!price.ok) return setProblem(price.error);
      value = String(price.price);
    }
    const updated = { ...values, [field]: value };
    setValues(updated);
    setProblem(null);
    if (step + 1 < steps.length) setStep(step + 1);
    else void submit(updated);
  };

  if (catalogue === null || (productSlug !== undefined && product === null))
    return (failure ?? problem) ? (
      <ErrorLine text={failure ?? problem ?? ""} />
    ) : (
      <Text>{tuiMessages.loading}</Text>
    );

  const done = steps.slice(0, step).map((s) => (
    <Text key={s} wrap="truncate">
      {truncate(`${LABELS[s]}: ${shownValue(s, values, catalogue)}`, width)}
    </Text>
  ));
  const listed =
    field === "categoryId"
      ? catalogue.categories.map((c) => ({ label: c.name, value: String(c.id) }))
      : field === "subCategoryId"
        ? catalogue.subCategories
            .filter((s) => s.categoryId === values.categoryId)
            .map((s) => ({ label: s.name, value: String(s.id) }))
        : [];
  // The select's highlight starts on its first option: the value the product has (editing) goes
  // first, so Enter keeps it rather than choosing the first of the list.
  const chosen = field === "categoryId" || field === "subCategoryId" ? String(values[field]) : null;
  const options = [...listed.filter((o) => o.value === chosen), ...listed.filter((o) => o.value !== chosen)];
  return (
    <Box flexDirection="column">
      <Text dimColor>{product === null ? tuiMessages.addProductHint : tuiMessages.editProductHint}</Text>
      {done}
      {busy ? <Text>{tuiMessages.loading}</Text> : null}
      {field !== undefined && !busy ? (
        <Box flexDirection="column">
          <Text bold>{LABELS[field]}:</Text>
          {field === "keptImages" && product !== null ? (
            <KeptImagesStep
              key={field}
              images={product.images}
              kept={values.keptImages}
              width={width}
              onDone={(kept) => next(kept)}
            />
          ) : field === "categoryId" || field === "subCategoryId" ? (
            <Select
              key={field}
              options={options}
              visibleOptionCount={Math.max(3, Math.min(8, tui.height - step - 4))}
              {...(values[field] === null ? {} : { defaultValue: String(values[field]) })}
              onChange={(value) => {
                chose.current = true;
                next(Number(value));
              }}
            />
          ) : (
            <Field
              key={field}
              defaultValue={String(field === "keptImages" ? "" : (values[field] ?? ""))}
              onSubmit={(value) => next(value)}
            />
          )}
        </Box>
      ) : null}
      {problem ? <ErrorLine text={problem} /> : null}
    </Box>
  );
}
