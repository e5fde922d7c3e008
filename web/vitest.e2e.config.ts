import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { E2E_LANES } from "./e2e/lanes.mjs";

const lane: TestProjectInlineConfiguration["test"] = {
  environment: "node",
  // Builds what is stale and starts this lane's APIs; provides their addresses to its journeys.
  globalSetup: ["e2e/global-setup.ts"],
  // Prints what the open pages showed when a journey fails.
  setupFiles: ["e2e/support/report-failures.setup.ts"],
  // One journey at a time per lane (scripts/e2e-lanes.mjs runs the lanes side by side).
  fileParallelism: false,
  // A journey's own waits (30 s each) say what was missing; this only bounds a whole journey on a loaded host.
  testTimeout: 120_000,
  hookTimeout: 120_000,
  // expect.poll waits for what a person would see; a loaded host takes longer than the 1 s default.
  expect: { poll: { timeout: 15_000, interval: 100 } },
};

// Real browsers against the real API serving the built app. Run as one vitest process, the lanes
// take turns; `pnpm test:e2e` runs each in its own process at once.
export default defineConfig({
  test: {
    projects: E2E_LANES.map(({ name, include, exclude }) => ({ test: { ...lane, name, include, exclude } })),
  },
});
