import { answerSchema, apiRequest } from "../../lib/api-client";

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** This browser's push subscription, if it has one (for this app's service worker). */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  if (!("serviceWorker" in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Subscribes this browser for reminders and tells the server (which then sends to every device a
 * person subscribed). Must run from a tap: the browser asks for permission to notify.
 */
export async function subscribeDevice(): Promise<void> {
  if ((await Notification.requestPermission()) !== "granted") throw new Error("Notifications were not allowed.");
  const { publicKey } = await apiRequest("/api/push/public-key", { schema: answerSchema((s) => s.pushPublicKeySchema) });
  const registration = await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made for another server key (a reinstalled server) cannot be used: start again.
  const current = subscription?.options.applicationServerKey;
  if (subscription && current && btoa(String.fromCharCode(...new Uint8Array(current))) !== btoa(String.fromCharCode(...keyBytes(publicKey)))) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  await apiRequest("/api/push/subscriptions", { method: "POST", body: subscription.toJSON(), schema: answerSchema((s) => s.successSchema) });
}

/** Stops reminders on this browser: forgotten by the server, then unsubscribed. */
export async function unsubscribeDevice(): Promise<void> {
  const subscription = await deviceSubscription();
  if (!subscription) return;
  await apiRequest("/api/push/subscriptions", { method: "DELETE", body: { endpoint: subscription.endpoint }, schema: answerSchema((s) => s.successSchema) });
  await subscription.unsubscribe();
}
