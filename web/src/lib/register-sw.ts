import { useSyncExternalStore } from "react";
import { Workbox } from "workbox-window";
import { isBusy } from "./app-activity";

let workbox: Workbox | undefined;
let updateWaiting = false;
let reloadRequested = false;
const listeners = new Set<() => void>();

function setUpdateWaiting(value: boolean) {
  updateWaiting = value;
  for (const listener of listeners) listener();
}

/** Registers the service worker in production builds only: in dev it would cache stale modules. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const wb = new Workbox("/sw.js", { scope: "/" });
  workbox = wb;
  // A new release installed and waits: offer it rather than swap the app under the person.
  // workbox-window calls a worker still "installed" 200 ms after installing waiting; a first
  // install on a busy machine can take that long to activate (seen in Firefox right after
  // signing in), and the person was offered "A new version". Only an update has an active
  // worker beside the waiting one.
  wb.addEventListener("waiting", () => {
    void navigator.serviceWorker.getRegistration("/").then((registration) => {
      if (registration?.active && registration.waiting) setUpdateWaiting(true);
    });
  });
  // Reload only when this page asked for the update; another tab's choice must not reload this one mid-recording.
  wb.addEventListener("controlling", () => {
    if (reloadRequested) window.location.reload();
  });
  wb.register().catch((err: unknown) => console.warn("service worker registration failed", err));
}

/**
 * Lets the waiting service worker take over and reloads once it controls the page. Refused while
 * a recording or an upload is under way (the prompt keeps its button disabled then).
 */
export function applyUpdate(): boolean {
  if (!workbox || !updateWaiting || isBusy()) return false;
  reloadRequested = true;
  workbox.messageSkipWaiting();
  return true;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(subscribe, () => updateWaiting, () => updateWaiting);
}

/** The active registration (for Background Sync), once the worker is ready; undefined without one. */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!workbox || !("serviceWorker" in navigator)) return undefined;
  return navigator.serviceWorker.ready;
}
