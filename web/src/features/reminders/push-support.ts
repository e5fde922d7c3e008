/** What the browser offers for push (read once in readPushEnvironment; plain data so the rule is tested without a browser). */
export type PushEnvironment = {
  serviceWorker: boolean;
  pushManager: boolean;
  notifications: boolean;
  permission: "default" | "granted" | "denied" | null;
  /** iPhone or iPad (Safari or any browser there: all are WebKit). */
  iOS: boolean;
  /** Opened as the installed app (from the Home Screen). */
  standalone: boolean;
};

export type PushSupport = { ok: true } | { ok: false; reason: "ios-install" | "denied" | "no-service-worker" | "unsupported"; message: string };

/** Whether this device can get reminders, and if not, why and what to do. */
export function pushSupport(env: PushEnvironment): PushSupport {
  // iOS and iPadOS 16.4+ deliver push only to a web app added to the Home Screen.
  if (env.iOS && !env.standalone) {
    return {
      ok: false,
      reason: "ios-install",
      message: "Add to Home Screen first: on iPhone and iPad, reminders reach only the installed app. Tap Share, then Add to Home Screen, and open Voice Journal from there.",
    };
  }
  if (!env.serviceWorker) {
    return { ok: false, reason: "no-service-worker", message: "This browser window cannot receive reminders (no service worker here, as in a private window). Open the app in a regular window of a recent browser." };
  }
  if (!env.pushManager || !env.notifications) {
    return { ok: false, reason: "unsupported", message: "This browser does not support push notifications, so it cannot show reminders." };
  }
  if (env.permission === "denied") {
    return { ok: false, reason: "denied", message: "Notifications are blocked for this site. Allow them in your browser's site settings, then come back here." };
  }
  return { ok: true };
}

export function readPushEnvironment(): PushEnvironment {
  const nav = navigator as Navigator & { standalone?: boolean };
  const iOS = /iPad|iPhone|iPod/.test(nav.userAgent) || (nav.platform === "MacIntel" && nav.maxTouchPoints > 1);
  return {
    serviceWorker: "serviceWorker" in nav,
    pushManager: typeof window !== "undefined" && "PushManager" in window,
    notifications: typeof Notification !== "undefined",
    permission: typeof Notification !== "undefined" ? Notification.permission : null,
    iOS,
    standalone: nav.standalone === true || window.matchMedia?.("(display-mode: standalone)").matches === true,
  };
}
