import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { decodeToWav16kMono, runTool, ToolError } from "../audio/ffmpeg.js";
import { TranscriptionError, type Transcriber } from "./types.js";

/** 16 kHz x 16-bit mono. */
const WAV_BYTES_PER_SECOND = 32_000;

export interface PocketsphinxOptions {
  workDir?: string;
}

/**
 * The offline fallback: Debian's CMU Sphinx 0.8 with the en-us model. It is
 * often wrong (see DESIGN §6), hence `lowAccuracy`, but it needs no network.
 * The audio is decoded by ffmpeg first because pocketsphinx only reads raw
 * 16 kHz mono PCM, whatever the browser recorded.
 */
export function createPocketsphinxTranscriber(options: PocketsphinxOptions = {}): Transcriber {
  return {
    name: "pocketsphinx",
    lowAccuracy: true,
    async transcribe(input, signal) {
      const work = fs.mkdtempSync(path.join(options.workDir ?? os.tmpdir(), "vj-sphinx-"));
      try {
        const wav = path.join(work, "audio.wav");
        await decodeToWav16kMono(input.path, wav, signal).catch((err: unknown) => {
          throw asError(err, "The recording could not be decoded");
        });
        const durationSeconds = Math.round(Math.max(0, fs.statSync(wav).size - 44) / WAV_BYTES_PER_SECOND);
        // A hung decoder must not hold the job forever; real time is ~1x, so 3x plus start-up is generous.
        const limit = AbortSignal.timeout(Math.max(10 * 60_000, durationSeconds * 3_000));
        const combined = signal ? AbortSignal.any([signal, limit]) : limit;
        const { stdout } = await runTool("pocketsphinx_continuous", ["-infile", wav, "-logfn", "/dev/null"], combined).catch(
          (err: unknown) => {
            throw asError(err, "pocketsphinx failed");
          },
        );
        return { text: hypothesisText(stdout), durationSeconds };
      } finally {
        fs.rmSync(work, { recursive: true, force: true });
      }
    },
  };
}

/** One hypothesis line per utterance; some builds prefix an utterance id ("000000000: "). */
export function hypothesisText(stdout: string): string {
  return stdout
    .split("\n")
    .map((line) => line.replace(/^\d+:\s*/, "").trim())
    .filter((line) => line.length > 0)
    .join(" ");
}

function asError(err: unknown, what: string): TranscriptionError {
  if (err instanceof ToolError) {
    // A cancelled or timed-out run may succeed next time; a tool that cannot read the file will not.
    if (err.aborted) return new TranscriptionError(`${what}: cancelled or timed out`, true, { cause: err });
    return new TranscriptionError(`${what}: ${err.message}`, false, { cause: err });
  }
  return new TranscriptionError(`${what}: ${err instanceof Error ? err.message : String(err)}`, true, { cause: err });
}
