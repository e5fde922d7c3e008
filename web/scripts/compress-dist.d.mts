/** Types for compress-dist.mjs (plain JS so `pnpm build` runs it with node alone). */
export function compressDist(dist: string): Promise<{ files: number; identity: number; br: number; gzip: number }>;
