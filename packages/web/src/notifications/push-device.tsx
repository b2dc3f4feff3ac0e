import { type PushSubscriptionKeys, pushDeviceMessages } from "@katale/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useServices } from "../app/services-context.js";
import { useNotice } from "../ui/notices.js";

// "Push notifications on this device" on the notification settings: the browser's permission is
// asked only when the user turns it on (never on page load); the active service worker's
// pushManager subscribes with the server's VAPID key, and the subscription goes to the server.
// Turning it off unsubscribes the browser and tells the server. Loaded with the settings page only.

/** The bytes of a base64url text (padding optional), as `applicationServerKey` takes them. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replaceAll("-", "+").replaceAll("_", "/").replace(/=+$/, "");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** How long the browser may take to name a worker or to reach its push service before it counts as failed. */
const BROWSER_WAIT_MS = 20_000;

/** What the device's push is: on, off, blocked by the browser, or not possible in this browser. */
export type PushState = "on" | "off" | "blocked" | "unsupported";

/** The browser's side of push: its permission and this origin's subscription (a fake in unit tests). */
export interface PushDevice {
  supported(): boolean;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  /** This browser's subscription, null when none. */
  current(): Promise<PushSubscription | null>;
  /** Subscribes with the server's key; throws when the push service cannot be reached. */
  subscribe(applicationServerKey: Uint8Array<ArrayBuffer>): Promise<PushSubscription>;
}

function withinWait<T>(promise: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the browser took too long")), BROWSER_WAIT_MS);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** The page's service worker, once one is active (the app registers it after its first screen). */
const activeWorker = () => withinWait(navigator.serviceWorker.ready);

export const browserPushDevice: PushDevice = {
  supported: () =>
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window,
  permission: () => Notification.permission,
  requestPermission: () => Notification.requestPermission(),
  current: async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return registration ? registration.pushManager.getSubscription() : null;
  },
  subscribe: async (applicationServerKey) => {
    const registration = await activeWorker();
    return withinWait(registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }));
  },
};

/** The subscription's JSON as the server takes it; null when the browser gave no keys. */
function keysOf(subscription: PushSubscription): PushSubscriptionKeys | null {
  const json = subscription.toJSON();
  const { p256dh, auth } = json.keys ?? {};
  if (!json.endpoint || !p256dh || !auth) return null;
  return { endpoint: json.endpoint, keys: { p256dh, auth } };
}

function stateOf(device: PushDevice, subscribed: boolean): PushState {
  if (!device.supported()) return "unsupported";
  const permission = device.permission();
  if (permission === "denied") return "blocked";
  return subscribed && permission === "granted" ? "on" : "off";
}

type Busy = "on" | "off" | null;

export function PushDeviceControl({ device = browserPushDevice }: { device?: PushDevice }) {
  const { notifications, local } = useServices();
  const queryClient = useQueryClient();
  const notify = useNotice();
  const text = pushDeviceMessages;
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // What the browser says now: no permission is asked here.
  useEffect(() => {
    let stopped = false;
    const look = async () => {
      if (!device.supported()) return setState("unsupported");
      const subscription = await device.current().catch(() => null);
      if (!stopped) setState(stateOf(device, subscription !== null));
    };
    void look();
    return () => {
      stopped = true;
    };
  }, [device]);

  const turnOn = useCallback(async () => {
    const token = local.get("token") ?? "";
    const permission = await device.requestPermission();
    if (permission !== "granted") {
      setState(stateOf(device, false));
      if (permission === "default") setProblem(text.dismissed);
      return;
    }
    const key = await notifications.pushKey();
    if (!key.ok) {
      setProblem(text.saveFailed);
      return setState("off");
    }
    let subscription: PushSubscription;
    try {
      subscription = await device.subscribe(base64UrlBytes(key.value));
    } catch {
      setProblem(text.failed);
      return setState("off");
    }
    const keys = keysOf(subscription);
    const saved = keys === null ? null : await notifications.subscribePush(token, keys);
    if (!saved?.ok) {
      // Nothing half-done: the browser forgets a subscription the server does not know.
      await subscription.unsubscribe().catch(() => false);
      setProblem(text.saveFailed);
      return setState("off");
    }
    setState("on");
    notify(text.turnedOn);
    // The first subscription turns push on for every kind: the switches below show it.
    await queryClient.invalidateQueries({ queryKey: ["notification-settings"] });
  }, [device, local, notifications, notify, queryClient]);

  const turnOff = useCallback(async () => {
    const token = local.get("token") ?? "";
    const subscription = await device.current().catch(() => null);
    if (subscription === null) return setState(stateOf(device, false));
    const forgotten = await notifications.unsubscribePush(token, subscription.endpoint);
    await subscription.unsubscribe().catch(() => false);
    setState(stateOf(device, false));
    if (forgotten.ok) notify(text.turnedOff);
    else setProblem(text.offFailed);
  }, [device, local, notifications, notify]);

  const flip = (to: Busy) => {
    if (busy !== null || to === null) return;
    setBusy(to);
    setProblem(null);
    void (to === "on" ? turnOn() : turnOff())
      .catch(() => {
        setProblem(to === "on" ? text.failed : text.offFailed);
        return setState(stateOf(device, false));
      })
      .finally(() => setBusy(null));
  };

  const on = state === "on";
  const disabled = state === null || state === "blocked" || state === "unsupported" || busy !== null;
  const status =
    busy === "on"
      ? text.working
      : busy === "off"
        ? text.stopping
        : state === null
          ? ""
          : { on: text.on, off: text.off, blocked: text.blocked, unsupported: text.unsupported }[state];

  return (
    <section
      aria-labelledby="push-device-title"
      className="rounded-2xl bg-white px-4 py-3 shadow-sm ring-1 ring-gray-200"
    >
      <div className="flex items-center gap-4">
        <h2 id="push-device-title" className="flex-1 font-medium text-gray-900">
          {text.title}
        </h2>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-label={text.switchLabel}
          aria-describedby="push-device-status"
          disabled={disabled}
          onClick={() => flip(on ? "off" : "on")}
          className={`relative h-6 w-11 shrink-0 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50 ${on ? "bg-brand-600" : "bg-gray-300"}`}
        >
          <span
            aria-hidden="true"
            className={`absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform ${on ? "translate-x-5" : ""}`}
          />
        </button>
      </div>
      <p id="push-device-status" role="status" className="mt-1 text-sm text-gray-700">
        {status}
      </p>
      {state === "blocked" && <p className="mt-1 text-sm text-gray-600">{text.blockedHint}</p>}
      {problem !== null && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      )}
      {on && <p className="mt-1 text-sm text-gray-600">{text.kindsNote}</p>}
    </section>
  );
}
