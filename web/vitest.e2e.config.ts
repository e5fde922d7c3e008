import { defineConfig } from "vitest/config";

// Real Chromium against the real API serving the built app; one browser at a time on a 2-core machine.
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.test.ts"],
    globalSetup: ["e2e/global-setup.ts"],
    // Prints what the open pages showed when a journey fails.
    setupFiles: ["e2e/support/report-failures.setup.ts"],
    environment: "node",
    fileParallelism: false,
    // A journey's own waits (30 s each) say what was missing; this only bounds a whole journey on a loaded host.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll waits for what a person would see; a loaded host takes longer than the 1 s default.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
