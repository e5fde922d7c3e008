import { ApiError } from "./api-client";

/**
 * Whether a request failed because there is no connection: the browser says it is offline, or
 * fetch itself rejected (a TypeError: "Failed to fetch", "Load failed", "NetworkError…"), which is
 * what happens offline where the browser still counts itself online (WebKit, a captive network).
 * A server's error reply (ApiError) and an aborted request are not.
 */
export function failedForNoConnection(error: unknown, online: boolean = typeof navigator === "undefined" || navigator.onLine): boolean {
  if (!online) return true;
  if (error instanceof ApiError) return false;
  return error instanceof TypeError;
}
