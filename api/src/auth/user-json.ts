import type { UserRow } from "../db/schema.js";

/**
 * A user as GoTrue serialises it (models.User), which auth-js hands to the
 * app as `session.user`. Fields the built-in auth does not track (phone,
 * MFA factors, last sign-in) keep GoTrue's empty values or are omitted as
 * GoTrue omits them.
 */
export function goTrueUser(user: UserRow) {
  const confirmedAt = user.email_confirmed_at?.toISOString();
  const createdAt = user.created_at.toISOString();
  const updatedAt = user.updated_at.toISOString();
  const identityData = { email: user.email, email_verified: Boolean(confirmedAt), phone_verified: false, sub: user.id };
  const userMetadata: Record<string, unknown> = { ...identityData };
  if (user.first_name) userMetadata.first_name = user.first_name;
  if (user.last_name) userMetadata.last_name = user.last_name;
  if (user.profile_image_url) userMetadata.avatar_url = user.profile_image_url;
  return {
    id: user.id,
    aud: "authenticated",
    role: "authenticated",
    email: user.email,
    ...(confirmedAt ? { email_confirmed_at: confirmedAt, confirmed_at: confirmedAt } : {}),
    phone: "",
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: userMetadata,
    identities: [
      {
        // One e-mail identity per user; it has no row of its own, so it borrows the user's id.
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        identity_data: identityData,
        provider: "email",
        created_at: createdAt,
        updated_at: updatedAt,
        email: user.email,
      },
    ],
    created_at: createdAt,
    updated_at: updatedAt,
    is_anonymous: false,
  };
}

export type GoTrueUser = ReturnType<typeof goTrueUser>;
