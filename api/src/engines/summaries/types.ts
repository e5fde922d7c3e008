import { EngineError } from "../engine-error.js";

import type { ResponseLength } from "@vj/core";

export interface SummaryNote {
  title: string;
  createdAt: Date;
  text: string;
  durationSeconds: number;
}

export interface SummaryRequest {
  /** The period's transcribed notes, oldest first. */
  notes: SummaryNote[];
  /** The user's question: the default prompt or the summary type's. */
  prompt: string;
  responseLength: ResponseLength;
  /** How the period reads to a person, e.g. "Week of 16 Nov 2026". */
  periodLabel: string;
  /** The summary type's name; absent for the general summary. */
  typeName?: string;
}

export interface SummaryResult {
  /** Markdown. */
  content: string;
  /** 3–6 short theme labels (fewer only when the notes hold too little text to name three). */
  themes: string[];
  /** Which engine wrote it, stored with the summary. */
  engine: string;
}

/** One interface for every summary engine; the summaries service does not know which one it holds. */
export interface Summarizer {
  readonly name: string;
  summarize(request: SummaryRequest): Promise<SummaryResult>;
}

/** A summary engine failed; the job runner or the summaries service reads `retryable`. */
export class SummaryError extends EngineError {
  override readonly name = "SummaryError";
}
