/**
 * An engine failed, in words a user can act on. `retryable` says whether
 * asking again later may help (network, 5xx, time-out) or not (bad request,
 * rejected key, unreadable input, nothing configured).
 */
export class EngineError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
