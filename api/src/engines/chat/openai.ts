import { ApiError } from "../../errors.js";
import { lazyOpenAIClient, loadedOpenAISdk } from "../openai-sdk.js";
import type { ChatModel, ChatModelMessage } from "./types.js";

export interface OpenAIChatOptions {
  apiKey: string;
  baseURL?: string | undefined;
  model: string;
  timeoutMs?: number;
}

/**
 * Streamed chat completions through the official SDK against any OpenAI-compatible server. An
 * unreachable or overloaded server is a retryable 503 for the person; a refusal of the request
 * itself (a wrong model name, a rejected key) is a 502 that asking again will not fix.
 */
export function createOpenAIChatModel(options: OpenAIChatOptions): ChatModel {
  const timeoutMs = options.timeoutMs ?? 120_000;
  // One retry: a keep-alive connection the server closed while idle fails the first try at once
  // (no answer has started, so asking again is safe); the person waits no longer for a real outage.
  const client = lazyOpenAIClient({ apiKey: options.apiKey, baseURL: options.baseURL, maxRetries: 1, timeout: timeoutMs });
  const where = options.baseURL ? new URL(options.baseURL).host : "api.openai.com";
  return {
    name: `openai:${options.model}`,
    async *stream(messages: ChatModelMessage[], signal: AbortSignal) {
      let stream;
      try {
        stream = await (await client()).chat.completions.create({ model: options.model, messages, stream: true }, { signal });
      } catch (err) {
        throw toChatError(err, where);
      }
      try {
        for await (const chunk of stream) {
          const text = chunk.choices[0]?.delta?.content;
          if (text) yield text;
        }
      } catch (err) {
        if (signal.aborted) return;
        throw toChatError(err, where);
      }
    },
  };
}

function toChatError(err: unknown, where: string): Error {
  const sdk = loadedOpenAISdk();
  if (!sdk) return err instanceof Error ? err : new Error(String(err));
  const { APIConnectionError, APIError, APIUserAbortError } = sdk;
  if (err instanceof APIUserAbortError) return err;
  if (err instanceof APIConnectionError) {
    return new ApiError("engine_unavailable", `The answering model at ${where} could not be reached. Please try again.`);
  }
  if (err instanceof APIError && err.status !== undefined) {
    if (err.status === 429 || err.status >= 500) {
      return new ApiError("engine_unavailable", `The answering model at ${where} is busy (HTTP ${err.status}). Please try again.`);
    }
    return new ApiError("engine_failed", `The answering model at ${where} refused the request (HTTP ${err.status}): ${err.message}`);
  }
  return err instanceof Error ? err : new Error(String(err));
}
