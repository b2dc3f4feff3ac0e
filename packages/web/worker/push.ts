/// <reference lib="webworker" />

// Push notifications: the payload is {"title", "body", "url", "tag"}; a tap opens `url` (this origin
// only). The tag (the event) makes a copy sent again replace the one shown instead of adding another.

interface PushPayload {
  readonly title: string;
  readonly body: string;
  readonly url: string;
  readonly tag: string | undefined;
}

/** The payload as sent, or what can be made of it (a plain text body becomes the notification's text). */
export function readPush(data: { json(): unknown; text(): string } | null): PushPayload {
  let raw: unknown = null;
  try {
    raw = data?.json() ?? null;
  } catch {
    raw = { body: data?.text() ?? "" };
  }
  const fields = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const text = (value: unknown, fallback: string) =>
    typeof value === "string" && value !== "" ? value : fallback;
  return {
    title: text(fields.title, "Katale"),
    body: text(fields.body, ""),
    url: text(fields.url, "/"),
    tag: typeof fields.tag === "string" && fields.tag !== "" ? fields.tag : undefined,
  };
}

export function showPush(
  registration: ServiceWorkerRegistration,
  data: PushMessageData | null,
): Promise<void> {
  const push = readPush(data);
  return registration.showNotification(push.title, {
    body: push.body,
    icon: "/icon-192.png",
    badge: "/icon-192.png",
    data: { url: push.url },
    ...(push.tag ? { tag: push.tag } : {}),
  });
}

/** Focuses a tab already on the notification's page, or opens one. */
export async function openNotification(
  clients: Clients,
  origin: string,
  notification: Notification,
): Promise<void> {
  notification.close();
  const wanted = new URL(String((notification.data as { url?: unknown } | null)?.url ?? "/"), origin);
  const url = wanted.origin === origin ? wanted.href : `${origin}/`;
  const open = await clients.matchAll({ type: "window", includeUncontrolled: true });
  const same = open.find((client) => client.url === url);
  if (same) {
    await same.focus();
    return;
  }
  await clients.openWindow(url);
}
