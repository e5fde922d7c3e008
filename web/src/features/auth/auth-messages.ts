// Every text here is the spec's (SPEC §5, §8).
export const UNEXPECTED_ERROR = "An unexpected error occurred. Please try again.";
export const INVALID_CREDENTIALS = "Invalid email or password. Please check your credentials and try again.";
export const EMAIL_NOT_CONFIRMED = "Please check your email and click the verification link before signing in.";

type ProviderError = { code?: string | undefined; message?: string | undefined };

/** The sign-in failure text for a supabase-js error: GoTrue codes first, older message-only servers second. */
export function signInErrorMessage(error: ProviderError): string {
  const message = error.message ?? "";
  if (error.code === "invalid_credentials" || /invalid login credentials/i.test(message)) return INVALID_CREDENTIALS;
  if (error.code === "email_not_confirmed" || /email not confirmed/i.test(message)) return EMAIL_NOT_CONFIRMED;
  return message || UNEXPECTED_ERROR;
}

/** SPEC §4: a session goes to onboarding; a user awaiting e-mail confirmation, or anything else, to sign-in. */
export function signUpDestination(data: { session: unknown; user: unknown }): "/onboarding" | "/auth/login" {
  return data.session ? "/onboarding" : "/auth/login";
}
