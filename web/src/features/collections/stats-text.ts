/** Collection card figures (SPEC §2, §9): total seconds shown as rounded minutes. */
export function totalMinutes(totalSeconds: number): number {
  return Math.round(totalSeconds / 60);
}

/** "Last: {date}" for the newest note, or "No recordings" when the collection has none ("" from the API). */
export function lastRecordingText(recentRecording: string, locale?: string): string {
  if (!recentRecording) return "No recordings";
  const date = new Date(recentRecording);
  if (Number.isNaN(date.getTime())) return "No recordings";
  return `Last: ${date.toLocaleDateString(locale, { month: "short", day: "numeric", year: "numeric" })}`;
}
