import { type AddressSuggestion, messages, webAccountMessages } from "@katale/domain";
import { type KeyboardEvent, useEffect, useId, useState } from "react";
import { FieldFrame, inputClass } from "../ui/field.js";
import { useAddressSuggestions } from "./use-address-suggestions.js";

/** How long typing pauses before suggestions are asked for (one request per pause, not per key). */
const TYPING_PAUSE_MS = 300;

export interface AddressFieldProps {
  readonly label: string;
  readonly error?: string | undefined;
  /** The chosen place, or null while none is chosen (typing again unchooses it). */
  readonly onChoose: (place: AddressSuggestion | null) => void;
}

/**
 * A location typed and chosen from the suggestions of GET geo/autocomplete/ (spec §3, §7), as an
 * ARIA combobox: arrows move through the list, Enter chooses, Escape closes.
 */
export function AddressField({ label, error, onChoose }: AddressFieldProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState("");
  const [asked, setAsked] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const timer = setTimeout(() => setAsked(text), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const found = useAddressSuggestions(asked, open).data;
  const places = found?.ok ? found.value : [];
  const expanded = open && places.length > 0;

  function choose(place: AddressSuggestion) {
    setText(place.formatted);
    setAsked(place.formatted);
    setOpen(false);
    setActive(-1);
    onChoose(place);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (places.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + places.length) % places.length);
    } else if (event.key === "Enter" && expanded && active >= 0) {
      event.preventDefault();
      const place = places[active];
      if (place) choose(place);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
    }
  }

  return (
    <FieldFrame id={id} label={label} error={error} hint={webAccountMessages.locationHint}>
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-message`}
          className={inputClass}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
            onChoose(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
        />
        <div
          id={listId}
          role="listbox"
          aria-label={webAccountMessages.suggestions}
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-lg border border-gray-200 bg-white py-1 shadow-lg"
        >
          {places.map((place, i) => (
            <div
              key={`${place.formatted}-${place.lat}-${place.lon}`}
              id={`${listId}-${i}`}
              role="option"
              // Focus stays in the input (aria-activedescendant); options are pointed at, not focused.
              tabIndex={-1}
              aria-selected={i === active}
              className={`cursor-pointer px-3 py-2 text-sm ${i === active ? "bg-brand-50 text-brand-700" : "text-gray-800"}`}
              // Before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(place);
              }}
            >
              {place.formatted}
            </div>
          ))}
        </div>
      </div>
      {open && found?.ok && places.length === 0 && asked.trim().length >= 2 && (
        <p className="text-sm text-gray-600">{messages.userVerification.noSuggestions}</p>
      )}
    </FieldFrame>
  );
}
