/** One message of a chat-model request. */
export interface ChatModelMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** A chat model that streams its answer (Ask your journal). No tool calling: small local models lack it. */
export interface ChatModel {
  /** e.g. "openai:gpt-4o-mini", stored with nothing; for logs and health. */
  readonly name: string;
  /** The answer as it is written, piece by piece; `signal` aborts the model's request. */
  stream(messages: ChatModelMessage[], signal: AbortSignal): AsyncIterable<string>;
}
