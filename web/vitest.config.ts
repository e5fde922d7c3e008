import { defineConfig } from "vitest/config";

// Fast unit tests of the web app's pure logic; real-browser journeys live in vitest.e2e.config.ts.
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    environment: "node",
  },
});
