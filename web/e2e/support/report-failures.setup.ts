import { beforeEach } from "vitest";
import { reportOpenPages } from "./failure-report";

// A failed journey prints what its open pages showed (support/failure-report.ts).
beforeEach(({ onTestFailed }) => onTestFailed(reportOpenPages));
