import type { SignupPolicy, SignupStatus } from "@vj/core";
import { useEffect, useState } from "react";

/**
 * Who may sign up on this instance (GET /api/signup-policy, public), as the landing and sign-up
 * pages say it. These pages run in the visitor island without zod (web/scripts/chunk-groups.ts),
 * so the answer is checked here by hand; anything unexpected reads as "no word", and the pages
 * stay as they are (the server still decides at sign-up).
 */

const POLICIES: readonly SignupPolicy[] = ["open", "invite", "closed"];
const INVITATION_STATUSES = ["valid", "used", "expired", "unknown"] as const;

export function parseSignupStatus(json: unknown): SignupStatus | null {
  if (typeof json !== "object" || json === null) return null;
  const { signups, invitation } = json as Record<string, unknown>;
  if (!POLICIES.includes(signups as SignupPolicy)) return null;
  const status: SignupStatus = { signups: signups as SignupPolicy };
  if (typeof invitation === "object" && invitation !== null) {
    const { status: state, email } = invitation as Record<string, unknown>;
    if (INVITATION_STATUSES.includes(state as (typeof INVITATION_STATUSES)[number])) {
      status.invitation = { status: state as (typeof INVITATION_STATUSES)[number], email: typeof email === "string" ? email : null };
    }
  }
  return status;
}

export async function fetchSignupStatus(invitation: string | null, signal?: AbortSignal): Promise<SignupStatus | null> {
  const query = invitation ? `?${new URLSearchParams({ invitation })}` : "";
  const res = await fetch(`/api/signup-policy${query}`, { signal });
  if (!res.ok) return null;
  return parseSignupStatus(await res.json());
}

/**
 * The page's answer once it has come (null before, or when it could not be read). With
 * `withInvitation`, an invitation link's token in the page's address is asked about too. Read in
 * an effect: the pages are also rendered to static HTML, where there is no address or network.
 */
export function useSignupStatus(withInvitation: boolean): SignupStatus | null {
  const [status, setStatus] = useState<SignupStatus | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const invitation = withInvitation ? new URLSearchParams(window.location.search).get("invitation") : null;
    fetchSignupStatus(invitation, controller.signal).then(setStatus, () => undefined);
    return () => controller.abort();
  }, [withInvitation]);
  return status;
}

export type SignupNotice = { tone: "info" | "warning"; title: string; text: string };

/** What the sign-up page says above its form: an invitation's state, or that sign-ups are limited. */
export function signupNotice(status: SignupStatus | null): SignupNotice | null {
  if (!status) return null;
  const invitation = status.invitation;
  if (invitation?.status === "valid") {
    return {
      tone: "info",
      title: "You're invited",
      text: invitation.email ? `This invitation is for ${invitation.email}. Create your account with that address.` : "Create your account below.",
    };
  }
  const limited = status.signups !== "open";
  const ask = limited ? " Ask the person who runs it for a new invitation link." : "";
  if (invitation?.status === "used") return { tone: "warning", title: "This invitation link was already used", text: `Each link works once.${ask}` };
  if (invitation?.status === "expired") return { tone: "warning", title: "This invitation link has expired", text: `It can no longer be used.${ask}` };
  if (invitation?.status === "unknown") return { tone: "warning", title: "This invitation link is not valid", text: `Check that the whole link was copied.${ask}` };
  if (status.signups === "invite") {
    return { tone: "warning", title: "Sign-ups are by invitation", text: "This instance takes new accounts by invitation only. Ask the person who runs it for an invitation link." };
  }
  if (status.signups === "closed") {
    return { tone: "warning", title: "Sign-ups are closed", text: "This instance is not taking new accounts. If you already have one, sign in." };
  }
  return null;
}

/** The landing page's line beside its sign-up button when sign-ups are limited. */
export function landingSignupLine(status: SignupStatus | null): string | null {
  if (status?.signups === "invite") return "Sign-ups are by invitation";
  if (status?.signups === "closed") return "Sign-ups are closed";
  return null;
}
