import { REMINDER_TAG, REMINDER_TITLE, REMINDER_URL } from "@vj/core/constants";

/*
 * The reminder as the service worker handles it (no React, no DOM): the push message becomes a
 * notification, and a click on it opens the app on today's view with the recorder ready.
 */

export type ReminderNotice = { title: string; body: string; url: string; tag: string };

/** The push message's JSON (reminders/deliver.ts on the server), read leniently: a push always shows something. */
export function reminderFromPush(text: string | null): ReminderNotice {
  let data: Partial<Record<keyof ReminderNotice, unknown>> = {};
  try {
    data = text ? (JSON.parse(text) as typeof data) : {};
  } catch {
    // Not JSON: still a reminder.
  }
  const str = (v: unknown, fallback: string) => (typeof v === "string" && v ? v : fallback);
  const url = str(data.url, REMINDER_URL);
  return {
    title: str(data.title, REMINDER_TITLE),
    body: str(data.body, ""),
    // Only a path of this app: a message cannot send the person elsewhere.
    url: url.startsWith("/") && !url.startsWith("//") ? url : REMINDER_URL,
    tag: str(data.tag, REMINDER_TAG),
  };
}

export function showReminder(registration: ServiceWorkerRegistration, notice: ReminderNotice): Promise<void> {
  return registration.showNotification(notice.title, {
    body: notice.body,
    tag: notice.tag,
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    data: { url: notice.url },
  });
}

/** What of the service worker's `clients` this uses (its types are the worker's, not the page's). */
type WindowLike = { url: string; focus(): Promise<WindowLike>; navigate(url: string): Promise<WindowLike | null> };
type ClientsLike = {
  matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<readonly unknown[]>;
  openWindow(url: string): Promise<unknown>;
};

/** Opens the notification's page: in an open window of the app when there is one (focused), else a new one. */
export async function openReminder(clients: ClientsLike, origin: string, data: unknown): Promise<void> {
  const path = reminderFromPush(JSON.stringify(data ?? {})).url;
  const url = new URL(path, origin).href;
  const windows = (await clients.matchAll({ type: "window", includeUncontrolled: true })) as WindowLike[];
  const open = windows.find((w) => new URL(w.url).origin === origin);
  if (open) {
    const moved = (await open.navigate(url)) ?? open;
    // Focusing is allowed only while a real click is handled; the page has moved either way.
    await moved.focus().catch(() => undefined);
    return;
  }
  await clients.openWindow(url);
}
