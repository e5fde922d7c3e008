import webpush from "web-push";
import { isAllowlisted, publicPushAgent, pushEndpointProblem } from "./endpoint-policy.js";
import type { VapidDetails } from "./vapid.js";

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What became of one message: delivered to the push service; the subscription is gone (404/410:
 * the browser unsubscribed or the permission was withdrawn; remove it); refused by policy or by
 * the service for good; or a failure worth trying again later (network, 429, 5xx).
 */
export type PushOutcome =
  | { kind: "sent" }
  | { kind: "gone" }
  | { kind: "refused"; reason: string }
  | { kind: "retry"; reason: string };

export interface PushSender {
  send(target: PushTarget, payload: string): Promise<PushOutcome>;
}

/** Reminders wait a day at most in the push service: a late one is no use. */
const TTL_SECONDS = 12 * 3600;
const TIMEOUT_MS = 15_000;

/**
 * Sends Web Push messages with the `web-push` library (payload encrypted as RFC 8291 aes128gcm,
 * signed with the VAPID key), only to endpoints the policy allows (push/endpoint-policy.ts).
 */
export function createPushSender(o: { vapid: VapidDetails; allowlist: readonly string[] }): PushSender {
  return {
    async send(target, payload) {
      const problem = pushEndpointProblem(target.endpoint, o.allowlist);
      if (problem) return { kind: "refused", reason: problem };
      try {
        await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
          vapidDetails: o.vapid,
          TTL: TTL_SECONDS,
          urgency: "normal",
          contentEncoding: "aes128gcm",
          timeout: TIMEOUT_MS,
          // Allowlisted stand-ins live on internal addresses by design; every other endpoint is
          // resolved through the agent that refuses internal addresses.
          ...(isAllowlisted(target.endpoint, o.allowlist) ? {} : { agent: publicPushAgent }),
        });
        return { kind: "sent" };
      } catch (err) {
        if (err instanceof webpush.WebPushError) {
          if (err.statusCode === 404 || err.statusCode === 410) return { kind: "gone" };
          const reason = `push service answered ${err.statusCode}${err.body ? `: ${err.body.slice(0, 200)}` : ""}`;
          return err.statusCode === 429 || err.statusCode >= 500 ? { kind: "retry", reason } : { kind: "refused", reason };
        }
        const e = err as NodeJS.ErrnoException;
        if (e.code === "EPUSHINTERNAL") return { kind: "refused", reason: e.message };
        return { kind: "retry", reason: e.message || String(err) };
      }
    },
  };
}
