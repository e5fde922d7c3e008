import { describe, expect, it } from "vitest";
import { ApiError } from "../src/lib/api-client";
import { NEEDS_CONNECTION, failureToast } from "../src/lib/mutation";

describe("a call that needs the server, made without a connection", () => {
  const shown = { title: "Export failed", description: "Failed to fetch" };

  it("says it needs a connection when the browser is offline, keeping the action's title", () => {
    expect(failureToast(shown, new TypeError("Failed to fetch"), false)).toEqual({ title: "Export failed", description: NEEDS_CONNECTION });
  });

  it("says so too when the browser counts itself online but the request never reached the server", () => {
    expect(failureToast(shown, new TypeError("Load failed"), true).description).toBe(NEEDS_CONNECTION);
  });

  it("keeps the server's own answer when there was one", () => {
    const refused = failureToast({ title: "Export failed", description: "Collection not found" }, new ApiError(404, "Collection not found", null), true);
    expect(refused.description).toBe("Collection not found");
  });
});
