import { describe } from "vitest";
import { firefoxMissingReason, launchFirefox } from "./drivers/marionette";
import { engineJourneys } from "./support/engine-journeys";
import { chromiumMissingReason } from "./chromium";

// The API comes from the global setup, which needs Chromium too; in CI neither may be missing.
const missing = firefoxMissingReason() ?? chromiumMissingReason();
if (missing && process.env.CI === "true") throw new Error(`Firefox journeys cannot run in CI: ${missing}`);
if (missing) console.warn(`[e2e] Firefox journeys skipped: ${missing}`);

describe.skipIf(missing !== null)("core journeys in Firefox ESR over Marionette", () => {
  engineJourneys(launchFirefox);
});
