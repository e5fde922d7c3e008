// SPEC §9. Kept here until packages/core exports the shared constants.
export const MIN_PASSWORD_LENGTH = 6;
export const SESSION_CHECK_TIMEOUT_MS = 5000;
