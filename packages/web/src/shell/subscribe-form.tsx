import { messages } from "@katale/domain";
import { type FormEvent, useId, useState } from "react";

/** The footer's Subscribe box. No newsletter service exists yet, so it thanks the visitor. */
export function SubscribeForm() {
  const [done, setDone] = useState(false);
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    setDone(true);
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm text-gray-300">
        {messages.web.subscribeHint}
      </label>
      <div className="flex">
        <input
          id={id}
          type="email"
          required
          placeholder={messages.web.subscribeEmail}
          className="h-11 min-w-0 flex-1 rounded-l-lg bg-white px-3 text-base text-gray-900"
        />
        <button
          type="submit"
          className="h-11 rounded-r-lg bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
        >
          {messages.footer.subscribe}
        </button>
      </div>
      <p role="status" className="text-sm text-green-300">
        {done ? messages.web.subscribed : ""}
      </p>
    </form>
  );
}
