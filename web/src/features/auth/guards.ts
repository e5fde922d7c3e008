import { redirect } from "@tanstack/react-router";
import type { AuthStore } from "./auth-store";

/** Layout guard for signed-in routes: visitors go to sign-in (SPEC §2). */
export async function requireSession(auth: AuthStore): Promise<void> {
  const { session } = await auth.ready();
  if (!session) throw redirect({ to: "/auth/login", replace: true });
}

/** Sign-in and sign-up are visitor pages: a signed-in user goes home. */
export async function redirectIfSignedIn(auth: AuthStore): Promise<void> {
  const { session } = await auth.ready();
  if (session) throw redirect({ to: "/", replace: true });
}
