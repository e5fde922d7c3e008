/**
 * Offline transcription accuracy: word error rate and speed of the
 * pocketsphinx engine on espeak-ng speech, straight from WAV and after the
 * WebM/Opus round trip a browser recording takes.
 *
 *   cd api && npx tsx bench/transcription-accuracy.ts
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createPocketsphinxTranscriber } from "../src/engines/transcription/pocketsphinx.js";

const sentences = [
  "hello world this is a test",
  "today I went to the store and bought some bread",
  "I went for a long walk in the park this morning and felt calm",
  "the meeting with my manager went better than I expected",
  "I need to call my sister about the birthday dinner on saturday",
];
const speeds = [140, 160, 175];

/** Word-level Levenshtein distance over the reference length. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const ref = reference.toLowerCase().match(/[a-z']+/g) ?? [];
  const hyp = hypothesis.toLowerCase().match(/[a-z']+/g) ?? [];
  let row = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const next = [i];
    for (let j = 1; j <= hyp.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return ref.length === 0 ? 0 : row[hyp.length]! / ref.length;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vj-bench-stt-"));
const stt = createPocketsphinxTranscriber({ workDir: dir });
const rows: string[][] = [];
let sumWer = 0;
let n = 0;
for (const speed of speeds) {
  for (const [i, sentence] of sentences.entries()) {
    const wav = path.join(dir, `s${i}-${speed}.wav`);
    const webm = path.join(dir, `s${i}-${speed}.webm`);
    execFileSync("espeak-ng", ["-v", "en-us", "-s", String(speed), "-w", wav, sentence]);
    execFileSync("ffmpeg", ["-nostdin", "-loglevel", "error", "-y", "-i", wav, "-c:a", "libopus", webm]);
    for (const [label, file, mimeType] of [["wav", wav, "audio/wav"], ["webm/opus", webm, "audio/webm"]] as const) {
      const started = performance.now();
      const { text, durationSeconds } = await stt.transcribe({ path: file, mimeType });
      const seconds = (performance.now() - started) / 1000;
      const wer = wordErrorRate(sentence, text);
      sumWer += wer;
      n++;
      rows.push([String(speed), label, sentence, text, `${Math.round(wer * 100)} %`, (seconds / Math.max(1, durationSeconds ?? 1)).toFixed(2)]);
    }
  }
}
fs.rmSync(dir, { recursive: true, force: true });

const header = ["wpm", "input", "spoken", "recognised", "WER", "time/audio"];
const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
const line = (cells: string[]) => `| ${cells.map((cell, c) => cell.padEnd(widths[c]!)).join(" | ")} |`;
console.log(line(header));
console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
for (const r of rows) console.log(line(r));
console.log(`\nmean WER ${Math.round((sumWer / n) * 100)} % over ${n} runs (pocketsphinx ${"0.8"}, en-us model)`);
