/** Types for build.mjs (plain JS so `npm start` runs it with node alone). */
export const entry: string;
export const outfile: string;
export function apiBuildIsStale(): boolean;
export function buildApi(): Promise<{ bytes: number }>;
