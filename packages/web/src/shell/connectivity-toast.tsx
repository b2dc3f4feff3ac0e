import { CONNECTIVITY_TOAST_MS, firstScreenMessages as messages } from "@katale/domain";
import { Wifi, WifiOff } from "lucide-react";
import { useEffect, useState } from "react";

/**
 * 'You are online' / 'You are offline' at top right, just under the header (never over its buttons),
 * at start and on each change, gone after 3 s. While the saved-copy banner shows it says it instead,
 * under its own text (this one would cover it): `conn-toast` hides then (index.css).
 */
export function ConnectivityToast() {
  const [online, setOnline] = useState(() => navigator.onLine);
  // Bumped on every change, so the 3 s timer restarts even when the state flips back quickly.
  const [shown, setShown] = useState(1);

  useEffect(() => {
    const update = () => {
      setOnline(navigator.onLine);
      setShown((n) => n + 1);
    };
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);

  const visible = shown > 0;
  useEffect(() => {
    if (shown === 0) return;
    const timer = setTimeout(() => setShown(0), CONNECTIVITY_TOAST_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  return (
    <div
      role="status"
      aria-live="polite"
      className="conn-toast pointer-events-none fixed top-[4.5rem] right-3 z-50"
    >
      {visible && (
        <p
          className={`flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-medium text-white shadow-lg ${online ? "bg-green-700" : "bg-gray-800"}`}
        >
          {online ? <Wifi aria-hidden="true" size={16} /> : <WifiOff aria-hidden="true" size={16} />}
          {online ? messages.common.online : messages.common.offline}
        </p>
      )}
    </div>
  );
}
