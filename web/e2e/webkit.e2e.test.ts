import { describe } from "vitest";
import { launchWebKit, webkitMissingReason } from "./drivers/webkit-webdriver";
import { engineJourneys } from "./support/engine-journeys";
import { chromiumMissingReason } from "./chromium";

// The API comes from the global setup, which needs Chromium too; in CI neither may be missing.
const missing = webkitMissingReason() ?? chromiumMissingReason();
if (missing && process.env.CI === "true") throw new Error(`WebKit journeys cannot run in CI: ${missing}`);
if (missing) console.warn(`[e2e] WebKit journeys skipped: ${missing}`);

describe.skipIf(missing !== null)("core journeys in WebKitGTK (MiniBrowser) over WebKitWebDriver", () => {
  engineJourneys(launchWebKit);
});
