import { isDefaultPrompt, type Period, type Summary } from "@vj/core";

/** The texts of the Summary tab that depend on the viewed period (SPEC §2). */

const ADJECTIVE: Record<Period, string> = { day: "daily", week: "weekly", month: "monthly" };
const NOUN: Record<Period, string> = { day: "Day", week: "Week", month: "Month" };

/** "Generate insights from your daily/weekly/monthly notes". */
export function emptyStateText(period: Period): string {
  return `Generate insights from your ${ADJECTIVE[period]} notes`;
}

/** "Generate Summary for Today" on today's day view, else "for This Day" / "This Week" / "This Month". */
export function generateButtonLabel(period: Period, isToday: boolean): string {
  if (period === "day" && isToday) return "Generate Summary for Today";
  return `Generate Summary for This ${NOUN[period]}`;
}

/** The paged mode's heading: "Summary of the Day" for one summary, "Summaries of the Day" for more. */
export function pagedHeading(period: Period, count: number): string {
  return `${count === 1 ? "Summary" : "Summaries"} of the ${NOUN[period]}`;
}

/** A card's heading: the custom type's name, "General Summary" for the default prompt, else "Summary". */
export function summaryHeading(summary: Pick<Summary, "summaryTypeName" | "prompt">): string {
  if (summary.summaryTypeName) return summary.summaryTypeName;
  if (isDefaultPrompt(summary.prompt)) return "General Summary";
  return "Summary";
}

/** The custom prompt a card quotes; none for the general summary or a summary without a prompt. */
export function quotedPrompt(summary: Pick<Summary, "prompt">): string | null {
  const prompt = summary.prompt?.trim();
  if (!prompt || isDefaultPrompt(prompt)) return null;
  return `"${prompt}"`;
}

/** "1 note", "3 notes" (the dialog's subtitle). */
export function noteCountLabel(count: number): string {
  return `${count} ${count === 1 ? "note" : "notes"}`;
}

/** Which engine wrote a summary, as a reader would say it ("extractive", "openai:gpt-4o-mini"). */
export function engineLabel(engine: string): string {
  if (engine === "extractive") return "Offline extractive engine";
  const [kind, ...model] = engine.split(":");
  if (kind === "openai" && model.length > 0) return `AI model ${model.join(":")}`;
  return engine;
}

/**
 * The collapsed preview is cut at 200 characters, which can fall inside a bold run; closing an
 * odd "**" keeps the preview from showing stray asterisks ("**Key points from Wednes...").
 */
export function balancedPreview(preview: string): string {
  const body = preview.endsWith("...") ? preview.slice(0, -3) : preview;
  const rest = preview.slice(body.length);
  const marks = body.match(/\*\*/g)?.length ?? 0;
  return marks % 2 === 1 ? `${body.trimEnd()}**${rest}` : preview;
}
