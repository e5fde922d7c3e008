/** One Server-Sent Event: its name and its data lines joined. */
export type SseEvent = { event: string; data: string };

/** Splits a growing SSE text into complete events; returns them and the unfinished rest. */
export function takeEvents(buffer: string): { events: SseEvent[]; rest: string } {
  const events: SseEvent[] = [];
  const blocks = buffer.replace(/\r\n/g, "\n").split("\n\n");
  const rest = blocks.pop() ?? "";
  for (const block of blocks) {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).replace(/^ /, ""));
    }
    if (data.length) events.push({ event, data: data.join("\n") });
  }
  return { events, rest };
}

/** Reads an SSE response body to its end, handing each complete event to `onEvent`. */
export async function readEvents(body: ReadableStream<BufferSource>, onEvent: (e: SseEvent) => void | "stop"): Promise<void> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      const { events, rest } = takeEvents(buffer + value);
      buffer = rest;
      for (const e of events) if (onEvent(e) === "stop") return;
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}
