import { describe, expect, it } from "vitest";
import { ApiError } from "../src/lib/api-client";
import { failedForNoConnection } from "../src/lib/connection-failure";
import { notesListState } from "../src/features/notes/notes-list-state";

// What fetch throws when the network is gone, as each browser words it.
const noNetwork = [new TypeError("Failed to fetch"), new TypeError("Load failed"), new TypeError("NetworkError when attempting to fetch resource.")];

describe("the notes list when its first page did not arrive", () => {
  it("says the person is offline when the request failed for want of a connection, even where the browser still counts itself online (WebKit)", () => {
    for (const error of noNetwork) {
      expect(notesListState({ isPending: false, isError: true, error, count: 0, online: true })).toBe("offline");
    }
    expect(notesListState({ isPending: false, isError: true, error: new ApiError(500, "boom", null), count: 0, online: false })).toBe("offline");
  });

  it("says the notes could not be loaded when the server answered with an error while online", () => {
    expect(notesListState({ isPending: false, isError: true, error: new ApiError(500, "Internal error", null), count: 0, online: true })).toBe("error");
    expect(notesListState({ isPending: false, isError: true, error: new Error("unexpected"), count: 0, online: true })).toBe("error");
  });

  it("keeps showing notes it has, the empty state and the skeletons as before", () => {
    expect(notesListState({ isPending: false, isError: true, error: noNetwork[0], count: 3, online: false })).toBe("list");
    expect(notesListState({ isPending: false, isError: false, error: null, count: 0, online: true })).toBe("empty");
    expect(notesListState({ isPending: true, isError: false, error: null, count: 0, online: false })).toBe("loading");
  });

  it("does not take an aborted request or a server error for a lost connection", () => {
    expect(failedForNoConnection(new DOMException("The operation was aborted.", "AbortError"), true)).toBe(false);
    expect(failedForNoConnection(new ApiError(503, "Service Unavailable", null), true)).toBe(false);
    expect(failedForNoConnection(new TypeError("Load failed"), true)).toBe(true);
  });
});
