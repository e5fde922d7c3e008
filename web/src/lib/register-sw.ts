import { Workbox } from "workbox-window";

/** Registers the service worker in production builds only: in dev it would cache stale modules. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const wb = new Workbox("/sw.js", { scope: "/" });
  wb.register().catch((err: unknown) => console.warn("service worker registration failed", err));
}
