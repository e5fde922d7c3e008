import { pino, type Logger } from "pino";

export type { Logger };

/** Structured JSON logs on stdout (one line per event). */
export function createLogger(level: string): Logger {
  return pino({ level, base: { service: "voice-journal-api" } });
}
