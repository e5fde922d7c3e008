/**
 * Period-key benchmark (not a test): time to turn a key into its instant range, per period,
 * which every notes list and summary request pays (DESIGN §5). The reference row is the bare
 * regex match of the key, the floor any parser pays.
 *
 *   cd packages/core && npx tsx bench/period-keys.ts
 */
import { parsePeriodKey } from "../src/calendar.js";
import { periodRange, type Period } from "../src/period.js";

const KEYS: Record<Period, string[]> = {
  day: ["2026-01-01", "2026-03-29", "2024-02-29", "2026-12-31", "2027-07-15"],
  week: ["2026-W01", "2026-W13", "2020-W53", "2026-W52", "2027-W28"],
  month: ["2026-01", "2026-03", "2024-02", "2026-12", "2027-07"],
};
const ZONE = "Europe/London";
const ROUNDS = 3;
const N = 20_000;

function timeUs(fn: (key: string) => unknown, keys: string[]): number {
  const start = process.hrtime.bigint();
  for (let i = 0; i < N; i++) fn(keys[i % keys.length]!);
  return Number(process.hrtime.bigint() - start) / 1000 / N;
}

function row(name: string, fn: (key: string) => unknown, keys: string[]): string[] {
  for (let i = 0; i < 2000; i++) fn(keys[i % keys.length]!); // warm-up
  const runs = Array.from({ length: ROUNDS }, () => timeUs(fn, keys)).sort((a, b) => a - b);
  return [name, ...runs.map((us) => us.toFixed(2))];
}

const rows = [["what", "min µs", "median µs", "max µs"]];
const regex = /^([1-9]\d{3})-(W?)(\d{2})(?:-(\d{2}))?$/;
rows.push(row("reference: regex match only", (k) => regex.exec(k), [...KEYS.day, ...KEYS.week, ...KEYS.month]));
for (const period of ["day", "week", "month"] as const) {
  rows.push(row(`parse ${period} key`, (k) => parsePeriodKey(period, k), KEYS[period]));
  rows.push(row(`periodRange ${period} (${ZONE})`, (k) => periodRange(period, k, ZONE), KEYS[period]));
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
for (const r of rows) console.log(r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "));
