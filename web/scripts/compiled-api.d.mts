/** Types for compiled-api.mjs. */
export function freePort(): Promise<number>;
export function buildApiIfStale(): Promise<void>;
export type CompiledApi = { baseUrl: string; dataDir: string; log(): string; stop(): Promise<void> };
export function startCompiledApi(env?: Record<string, string>): Promise<CompiledApi>;
