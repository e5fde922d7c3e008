import type { AdminAccount } from "@vj/core";

/** A count of minutes as the usage column shows it: "0 min", "12.5 min", "3 h 20 min". */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${Math.round(minutes * 10) / 10} min`;
  const whole = Math.round(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/** An account's AI use this month in one line: "12.5 min transcribed · 3 summaries · 1 question". */
export function formatAiUse(use: AdminAccount["aiThisMonth"]): string {
  if (use.transcriptionMinutes === 0 && use.summaries === 0 && use.ask === 0) return "None";
  return [
    `${formatMinutes(use.transcriptionMinutes)} transcribed`,
    plural(use.summaries, "summary", "summaries"),
    plural(use.ask, "question", "questions"),
  ].join(" · ");
}

/** A stored size from nothing up: "0 KB" when nothing is stored, else "640 KB", "3.4 MB", "1.2 GB". */
export function formatStorage(bytes: number): string {
  if (bytes <= 0) return "0 KB";
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? Math.max(1, Math.round(value)) : value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${units[unit]}`;
}

/** How long the oldest job has waited: "None", "40 s", "12 min", "3 h 5 min", "2 days". */
export function formatWaited(seconds: number | null): string {
  if (seconds === null) return "None";
  if (seconds < 60) return `${Math.max(0, Math.round(seconds))} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days`;
}

/** A moment as a date a person reads at a glance, in their own zone: "28 Nov 2026". */
export function formatDay(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone }).format(new Date(iso));
}

/** When an account was last seen: "Today", "Yesterday", "5 days ago", a date after a month, "Never". */
export function formatLastActive(iso: string | null, now = new Date(), timeZone?: string): string {
  if (iso === null) return "Never";
  const dayOf = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(d);
  const days = Math.round((Date.parse(dayOf(now)) - Date.parse(dayOf(new Date(iso)))) / 86_400_000);
  if (days <= 0) return "Today";
  if (days === 1) return "Yesterday";
  if (days < 31) return `${days} days ago`;
  return formatDay(iso, timeZone);
}

/** The link an invitation's token makes: the sign-up page of this instance with the token in it. */
export function invitationLink(origin: string, token: string): string {
  return `${origin}/auth/signup?invitation=${encodeURIComponent(token)}`;
}
