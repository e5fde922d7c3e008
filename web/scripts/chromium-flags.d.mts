/** Types for chromium-flags.mjs. */
export const CHROMIUM_FLAGS: readonly string[];
