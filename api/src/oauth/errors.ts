/** An OAuth error (RFC 6749 §5.2): answered as { error, error_description } or, at authorization, on the redirect. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}
