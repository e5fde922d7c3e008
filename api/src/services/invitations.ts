import type { CreatedInvitation, CreateInvitationInput, Invitation, SignupStatus } from "@vj/core";
import { hashOpaqueToken, newOpaqueToken } from "../auth/refresh-tokens.js";
import { notFound } from "../errors.js";
import { signupPolicy } from "../instance/effective.js";
import type { InstanceControl } from "../instance/control.js";
import { invitationsRepository } from "../repositories/invitations.js";
import { iso, type ServiceContext } from "./context.js";

/** GoTrue's words for a refused sign-up (422 signup_disabled). */
export const SIGNUPS_NOT_ALLOWED = "Signups not allowed for this instance";

export type InvitationProblem = "unknown" | "used" | "expired" | "other_email";

/** What the sign-up answers when the link it carried cannot be used. */
export const INVITATION_PROBLEMS: Record<InvitationProblem, string> = {
  unknown: "This invitation link is not valid. Ask for a new one.",
  used: "This invitation link has already been used. Ask for a new one.",
  expired: "This invitation link has expired. Ask for a new one.",
  other_email: "This invitation is for another e-mail address.",
};

/** Why an invitation cannot be used (by this e-mail when given), or null when it can. */
export function invitationProblem(
  invitation: { email: string | null; expires_at: Date; used_at: Date | null } | undefined,
  now: Date,
  email?: string,
): InvitationProblem | null {
  if (!invitation) return "unknown";
  if (invitation.used_at) return "used";
  if (invitation.expires_at <= now) return "expired";
  if (email !== undefined && invitation.email && invitation.email.toLowerCase() !== email.toLowerCase()) return "other_email";
  return null;
}

type InvitationRow = Awaited<ReturnType<ReturnType<typeof invitationsRepository>["create"]>> & { used_by_email?: string | null };

function toInvitation(row: InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    usedAt: row.used_at ? iso(row.used_at) : null,
    usedByEmail: row.used_by_email ?? null,
    status: row.used_at ? "used" : row.expires_at <= now ? "expired" : "open",
  };
}

const LIST_MAX = 200;

export async function listInvitations(ctx: ServiceContext): Promise<Invitation[]> {
  const now = new Date();
  return (await invitationsRepository(ctx.db).list(LIST_MAX)).map((row) => toInvitation(row, now));
}

/** A new single-use link; its token is answered now and never again (only its hash is kept). */
export async function createInvitation(ctx: ServiceContext, adminId: string, input: CreateInvitationInput): Promise<CreatedInvitation> {
  const { token, hash } = newOpaqueToken();
  const now = new Date();
  const row = await invitationsRepository(ctx.db).create({
    tokenHash: hash,
    email: input.email ?? null,
    createdBy: adminId,
    expiresAt: new Date(now.getTime() + input.expiresInDays * 86_400_000),
  });
  ctx.logger.info({ invitationId: row.id, adminId }, "invitation created");
  return { ...toInvitation(row, now), token };
}

export async function revokeInvitation(ctx: ServiceContext, id: string): Promise<void> {
  if (!(await invitationsRepository(ctx.db).delete(id))) throw notFound("Invitation");
}

/** Public: the sign-up policy, and what an invitation link is worth, for the landing and sign-up pages. */
export async function signupStatus(ctx: ServiceContext, instance: InstanceControl, invitation: string | undefined): Promise<SignupStatus> {
  const signups = signupPolicy(ctx.config, await instance.settings());
  if (invitation === undefined) return { signups };
  const row = await invitationsRepository(ctx.db).findByHash(hashOpaqueToken(invitation));
  // Without an e-mail to compare, "other_email" cannot come back.
  const status = invitationProblem(row, new Date()) ?? "valid";
  return { signups, invitation: { status: status as Exclude<typeof status, "other_email">, email: row?.email ?? null } };
}
