/**
 * Who wants to know that the API just answered a request with 2xx: the server is reachable again
 * (the browser may count itself online while it was not). The outbox listens to retry at once.
 */
const listeners = new Set<() => void>();

export function onApiSuccess(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyApiSuccess(): void {
  for (const listener of listeners) {
    try {
      listener();
    } catch (err) {
      console.warn("an API success listener failed", err);
    }
  }
}
