import { RESPONSE_LENGTH_TARGET_WORDS } from "@vj/core";
import type { SummaryNote, SummaryRequest } from "./types.js";

export interface ChatMessage {
  role: "system" | "user";
  content: string;
}

/** What the final (or only) request reads: the notes themselves, or partial summaries of them. */
export type SourceKind = "notes" | "partials";

export function targetWords(request: Pick<SummaryRequest, "responseLength">): number {
  return RESPONSE_LENGTH_TARGET_WORDS[request.responseLength];
}

/** The JSON Schema of the answer, for servers with structured output. */
export const SUMMARY_JSON_SCHEMA = {
  type: "object",
  properties: {
    content: { type: "string", description: "The summary in Markdown." },
    themes: {
      type: "array",
      items: { type: "string" },
      description: "3 to 6 short theme labels of 1 to 3 words each.",
    },
  },
  required: ["content", "themes"],
  additionalProperties: false,
} as const;

export function renderNote(note: SummaryNote, index: number): string {
  const minutes = Math.floor(note.durationSeconds / 60);
  const seconds = String(Math.round(note.durationSeconds % 60)).padStart(2, "0");
  return `### Note ${index + 1}: ${note.title}\nRecorded ${note.createdAt.toISOString()} (${minutes}:${seconds} long)\n\n${note.text.trim()}`;
}

function renderPartial(note: SummaryNote, index: number): string {
  return `### ${note.title || `Part ${index + 1}`}\n\n${note.text.trim()}`;
}

/** What opens every request (the question among it); map-reduce keeps room for it. */
export function header(request: SummaryRequest): string {
  const lines = [`Period: ${request.periodLabel}`];
  if (request.typeName) lines.push(`Summary type: ${request.typeName}`);
  lines.push(`Question: ${request.prompt.trim()}`);
  return lines.join("\n");
}

/**
 * The request for the summary the user sees. `jsonInText` is for servers
 * without structured output: the JSON shape is then spelled out in the text.
 */
export function finalMessages(request: SummaryRequest, source: SourceKind, jsonInText: boolean): ChatMessage[] {
  const words = targetWords(request);
  const reading =
    source === "notes"
      ? "You read a person's voice-journal notes (transcribed speech, so expect some recognition errors)"
      : "You read partial summaries that together cover all of a person's voice-journal notes for the period, in order";
  const system = [
    `You are a thoughtful journaling assistant. ${reading} and answer their question about them, speaking to them as "you".`,
    `Write the answer in Markdown, about ${words} words long (${request.responseLength}). Draw only on what the notes say.`,
    "Also name 3 to 6 short themes (1 to 3 words each) that run through the notes.",
    jsonInText
      ? 'Reply with only a JSON object, no code fence and no other text: {"content": "<the Markdown answer>", "themes": ["<theme>", ...]}'
      : 'Reply as JSON with "content" (the Markdown answer) and "themes" (the labels).',
  ].join("\n");
  const body = request.notes.map(source === "notes" ? renderNote : renderPartial).join("\n\n");
  const what = source === "notes" ? `Notes (${request.notes.length})` : `Partial summaries (${request.notes.length})`;
  const user = `${header(request)}\nTarget length: about ${words} words.\n\n${what}:\n\n${body}`;
  return [
    { role: "system", content: system },
    { role: "user", content: user },
  ];
}

/** The map step: a partial summary of one chunk, keeping what the final answer will need. */
export function mapMessages(request: SummaryRequest, chunk: SummaryNote[], index: number, count: number): ChatMessage[] {
  const words = partialWords(request);
  const system = [
    `You are helping summarise a long voice journal in parts. This is part ${index + 1} of ${count}.`,
    "Summarise these notes so that a later step can answer the question below from your summary together with the other parts' summaries.",
    `Keep the facts, feelings, people, dates and recurring topics that matter for the question. Plain Markdown, at most about ${words} words. No preamble.`,
  ].join("\n");
  const user = `${header(request)}\n\nNotes of part ${index + 1} of ${count}:\n\n${chunk.map(renderNote).join("\n\n")}`;
  return [
    { role: "system", content: system },
    { role: "user", content: user },
  ];
}

/** Partial summaries get room for detail the final answer may need, but stay far smaller than a chunk. */
export function partialWords(request: Pick<SummaryRequest, "responseLength">): number {
  return Math.max(150, targetWords(request));
}
