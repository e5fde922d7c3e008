import type { ChatAnswer } from "@vj/core";
import { ApiError, apiOpen, loadAnswerSchemas } from "../../lib/api-client";
import { readEvents } from "../../lib/sse";

export type AskRequest = {
  question: string;
  domainId: string;
  period?: string;
  periodKey?: string;
  tz: string;
  threadId?: string;
};

/**
 * Asks the journal and reads the answer as it streams: `onText` gets the whole text so far after
 * each piece. Resolves with the stored answer (citations checked by the server). Aborting the
 * signal is Stop: the server keeps what had arrived, marked stopped, and this rejects with an
 * AbortError.
 */
export async function askJournal(request: AskRequest, options: { signal: AbortSignal; onText: (text: string) => void }): Promise<ChatAnswer> {
  const schemas = loadAnswerSchemas();
  schemas.catch(() => undefined);
  const res = await apiOpen("/api/chat", { body: request, signal: options.signal });
  const { chatAnswerSchema, errorBodySchema } = await schemas;
  let text = "";
  let answer: ChatAnswer | undefined;
  await readEvents(res.body!, (e) => {
    if (e.event === "delta") {
      text += (JSON.parse(e.data) as { text: string }).text;
      options.onText(text);
    } else if (e.event === "done") {
      answer = chatAnswerSchema.parse(JSON.parse(e.data));
      return "stop";
    } else if (e.event === "error") {
      const body = errorBodySchema.parse(JSON.parse(e.data));
      throw new ApiError(503, body.error.message, body.error.code);
    }
  });
  if (answer) return answer;
  throw new ApiError(503, "The answer stopped before it was finished. Please try again.", "engine_unavailable");
}
