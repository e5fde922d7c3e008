/** Types for lanes.mjs. */
export type E2ELane = { name: string; include: string[]; exclude: string[] };
export const E2E_LANES: E2ELane[];
