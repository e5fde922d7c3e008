import argon2 from "argon2";

/**
 * argon2id with the library's defaults (64 MiB, 3 passes, 4 lanes): above
 * OWASP's minimum; measured here at ~200 ms per hash on a shared 2-core box.
 */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against the stored hash, or against a throwaway hash when the
 * user does not exist, so an unknown e-mail costs the same time as a wrong
 * password and response times do not reveal who has an account.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword("not-a-real-password");
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
