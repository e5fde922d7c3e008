import { describe, expect, test } from "vitest";
import { takeEvents } from "../src/lib/sse";

describe("reading the answer's Server-Sent Events", () => {
  test("complete events are taken in order and an unfinished one waits for more text", () => {
    const first = takeEvents('event: delta\ndata: {"text":"Hel"}\n\nevent: delta\ndata: {"text":"lo"}\n\nevent: do');
    expect(first.events).toEqual([
      { event: "delta", data: '{"text":"Hel"}' },
      { event: "delta", data: '{"text":"lo"}' },
    ]);
    const second = takeEvents(`${first.rest}ne\ndata: {"threadId":"t"}\n\n`);
    expect(second.events).toEqual([{ event: "done", data: '{"threadId":"t"}' }]);
    expect(second.rest).toBe("");
  });

  test("CRLF line ends, multi-line data and comments", () => {
    const { events } = takeEvents(": keep-alive\r\n\r\nevent: delta\r\ndata: a\r\ndata: b\r\n\r\n");
    expect(events).toEqual([{ event: "delta", data: "a\nb" }]);
  });
});
