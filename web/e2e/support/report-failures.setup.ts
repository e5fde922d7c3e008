import { beforeEach } from "vitest";
import { reportIfFailed, watchJourney } from "./failure-report";

// A failed journey prints what its open pages showed (support/failure-report.ts).
beforeEach(({ task, onTestFailed }) => {
  watchJourney(task);
  onTestFailed(reportIfFailed);
});
