import { TOAST_MS } from "@katale/domain";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from "react";

export type NoticeTone = "success" | "error";

interface Notice {
  readonly id: number;
  readonly text: string;
  readonly tone: NoticeTone;
}

type Notify = (text: string, tone?: NoticeTone) => void;

const NoticeContext = createContext<Notify | null>(null);

/**
 * One toast for the whole app (spec §9: 3 s): what a save, follow or a failed change says. It sits
 * at the bottom, above the phone's bottom bar; success is read out politely, a failure at once.
 */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const notify = useCallback<Notify>((text, tone = "success") => {
    setNotice((previous) => ({ id: (previous?.id ?? 0) + 1, text, tone }));
  }, []);
  useEffect(() => {
    if (notice === null) return;
    const timer = setTimeout(() => setNotice(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return (
    <NoticeContext.Provider value={notify}>
      {children}
      {notice !== null && (
        // Inserted with its text: a status is read out politely, an alert at once.
        <div className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex justify-center px-4 md:bottom-6">
          <Toast key={notice.id} text={notice.text} tone={notice.tone} />
        </div>
      )}
    </NoticeContext.Provider>
  );
}

function Toast({ text, tone }: { text: string; tone: NoticeTone }) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-lg px-4 py-2 text-sm font-medium text-white shadow-lg ${tone === "error" ? "bg-red-700" : "bg-gray-900"}`}
    >
      {text}
    </p>
  );
}

/** Shows a short message in the app's toast. */
export function useNotice(): Notify {
  const notify = useContext(NoticeContext);
  if (notify === null) throw new Error("useNotice outside NoticeProvider");
  return notify;
}
