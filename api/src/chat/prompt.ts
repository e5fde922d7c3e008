import type { ChatModelMessage } from "../engines/chat/types.js";
import { renderSource, type Source } from "./sources.js";

/** The only instructions; everything else in a request is the person's own notes and questions. */
export const CHAT_INSTRUCTIONS =
  "You answer a person's questions about their own voice journal. Use only the numbered sources in their message: " +
  "they are the person's own voice notes and summaries. After every statement, cite the sources it comes from by " +
  "number in square brackets, like [2]. If the sources do not hold the answer, say that you could not find it in " +
  "their journal; never guess or invent. Speak to the person as \"you\". Answer briefly, in the language of the " +
  "question, in Markdown.";

export function chatMessages(question: string, sources: readonly Source[], history: readonly { role: "user" | "assistant"; content: string }[]): ChatModelMessage[] {
  const context = sources.length
    ? `Sources:\n\n${sources.map(renderSource).join("\n\n")}`
    : "Sources: none. Nothing in this part of the journal matches the question.";
  return [
    { role: "system", content: CHAT_INSTRUCTIONS },
    ...history.map((m) => ({ role: m.role, content: m.content })),
    { role: "user", content: `${context}\n\nQuestion: ${question}` },
  ];
}
