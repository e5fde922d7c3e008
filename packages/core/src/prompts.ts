/**
 * The default "general summary" prompt (SPEC §9). A summary whose prompt is this one is shown
 * as "General Summary" (SPEC §2, Summary card).
 */
export const DEFAULT_SUMMARY_QUESTION =
  "What are the key themes, patterns, and insights from my recent reflections?";

export const DEFAULT_SUMMARY_PROMPT =
  `${DEFAULT_SUMMARY_QUESTION} ` +
  "Focus on what has been most important to me during this period and point out any recurring trends " +
  "in my thoughts, feelings and activities.";

function normalise(prompt: string): string {
  return prompt.trim().replace(/\s+/g, " ");
}

/**
 * True for the default prompt. Whitespace differences are ignored, and the bare question also
 * counts, so a summary stored by a client that sent only the question still reads "General Summary".
 */
export function isDefaultPrompt(prompt: string | null | undefined): boolean {
  if (typeof prompt !== "string") return false;
  const p = normalise(prompt);
  return p === DEFAULT_SUMMARY_PROMPT || p === DEFAULT_SUMMARY_QUESTION;
}

/**
 * Journaling prompts; a reminder without an earlier note to point back to offers the day's one
 * (the same prompt to everyone on a given day, a different one the next day).
 */
export const JOURNAL_PROMPTS = [
  "What made today different from yesterday?",
  "What is on your mind right now?",
  "What are you grateful for today?",
  "What did you learn today?",
  "What drained your energy today, and what gave it back?",
  "Who did you talk to today, and what stayed with you?",
  "What would make tomorrow a good day?",
] as const;

/** The prompt of a local day (YYYY-MM-DD). */
export function journalPromptOf(dayKey: string): string {
  const days = Math.floor(Date.parse(`${dayKey}T00:00:00Z`) / 86_400_000);
  return JOURNAL_PROMPTS[((days % JOURNAL_PROMPTS.length) + JOURNAL_PROMPTS.length) % JOURNAL_PROMPTS.length]!;
}
