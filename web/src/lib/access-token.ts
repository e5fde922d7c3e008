/**
 * Where the API client reads the current session's access token. Its own module so the entry
 * can wire it to the auth store without pulling the client (and its zod schemas) into the first
 * load.
 */
let source: () => string | null = () => null;

/** Wired once at start to the auth store, so every request carries the current session's token. */
export function setAccessTokenSource(next: () => string | null): void {
  source = next;
}

export function currentAccessToken(): string | null {
  return source();
}
