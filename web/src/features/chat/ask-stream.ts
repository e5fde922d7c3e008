import { chatAnswerSchema, errorBodySchema, type ChatAnswer } from "@vj/core";
import { ApiError, apiOpen } from "../../lib/api-client";

export type AskRequest = {
  question: string;
  domainId: string;
  period?: string;
  periodKey?: string;
  tz: string;
  threadId?: string;
};

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

/**
 * Asks the journal and reads the answer as it streams: `onText` gets the whole text so far after
 * each piece. Resolves with the stored answer (citations checked by the server). Aborting the
 * signal is Stop: the server keeps what had arrived, marked stopped, and this rejects with an
 * AbortError.
 */
export async function askJournal(request: AskRequest, options: { signal: AbortSignal; onText: (text: string) => void }): Promise<ChatAnswer> {
  const res = await apiOpen("/api/chat", { body: request, signal: options.signal });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const { events, rest } = takeEvents(buffer + value);
    buffer = rest;
    for (const e of events) {
      if (e.event === "delta") {
        text += (JSON.parse(e.data) as { text: string }).text;
        options.onText(text);
      } else if (e.event === "done") {
        return chatAnswerSchema.parse(JSON.parse(e.data));
      } else if (e.event === "error") {
        const body = errorBodySchema.parse(JSON.parse(e.data));
        throw new ApiError(503, body.error.message, body.error.code);
      }
    }
  }
  throw new ApiError(503, "The answer stopped before it was finished. Please try again.", "engine_unavailable");
}
