import type { Config } from "../config.js";
import { hasBinary } from "./audio/ffmpeg.js";
import { resolveChatModel } from "./chat/resolve.js";
import type { ChatModel } from "./chat/types.js";
import { DEFAULT_SUMMARY_MODEL, DEFAULT_TRANSCRIBE_MODEL } from "./default-models.js";
import { createExtractiveSummarizer } from "./summaries/extractive.js";
import { createOpenAISummarizer } from "./summaries/openai.js";
import type { Summarizer } from "./summaries/types.js";
import { createNoneTranscriber } from "./transcription/none.js";
import { createOpenAITranscriber } from "./transcription/openai.js";
import { createPocketsphinxTranscriber } from "./transcription/pocketsphinx.js";
import type { Transcriber } from "./transcription/types.js";

export interface EngineInfo {
  transcription: string;
  summaries: string;
  warnings: string[];
}

export interface Engines {
  transcriber: Transcriber;
  summarizer: Summarizer;
  /** Ask's model; null: answers quote the best passages (no model call). */
  chat: ChatModel | null;
  /** For GET /api/health (AppDeps.engines) and the start-up log. */
  info: EngineInfo;
}

export type EngineConfig = Pick<
  Config,
  | "OPENAI_API_KEY"
  | "OPENAI_BASE_URL"
  | "TRANSCRIBE_ENGINE"
  | "TRANSCRIBE_MODEL"
  | "SUMMARY_ENGINE"
  | "SUMMARY_MODEL"
  | "SUMMARY_CONTEXT_TOKENS"
  | "CHAT_MODEL"
>;

export const POCKETSPHINX_WARNING =
  "Transcription uses the offline pocketsphinx fallback, whose accuracy is low (69–100 % word error rate measured " +
  "on synthetic speech). For usable transcripts point OPENAI_BASE_URL at a Whisper endpoint (OpenAI, Groq, or a " +
  "local Speaches/LocalAI server) and set OPENAI_API_KEY.";

export const NO_TRANSCRIPTION_WARNING =
  "No transcription engine is available: recordings are saved but not transcribed. Set OPENAI_API_KEY (and " +
  "OPENAI_BASE_URL for an OpenAI-compatible Whisper server), or install pocketsphinx and ffmpeg; then retry the notes.";

/**
 * Chooses the engines from configuration (DESIGN §2). `auto` prefers the
 * OpenAI-compatible API when a key is set, then what runs offline here.
 * A local OpenAI-compatible server often needs no key: with OPENAI_BASE_URL
 * set and an explicit `openai` engine, a placeholder key is sent.
 */
export function resolveEngines(config: EngineConfig, available: (binary: string) => boolean = hasBinary): Engines {
  const warnings: string[] = [];
  const apiKey = config.OPENAI_API_KEY ?? (config.OPENAI_BASE_URL ? "not-needed" : undefined);
  const ffmpeg = available("ffmpeg");

  let transcriber: Transcriber;
  const wantTranscribe = config.TRANSCRIBE_ENGINE;
  const sphinxReady = ffmpeg && available("pocketsphinx_continuous");
  if ((wantTranscribe === "auto" && config.OPENAI_API_KEY) || (wantTranscribe === "openai" && apiKey)) {
    transcriber = createOpenAITranscriber({ apiKey: apiKey!, baseURL: config.OPENAI_BASE_URL, model: config.TRANSCRIBE_MODEL ?? DEFAULT_TRANSCRIBE_MODEL });
    if (!ffmpeg) warnings.push("ffmpeg is not installed: recordings over 25 MB cannot be split for transcription.");
  } else if ((wantTranscribe === "auto" || wantTranscribe === "pocketsphinx") && sphinxReady) {
    transcriber = createPocketsphinxTranscriber();
    warnings.push(POCKETSPHINX_WARNING);
  } else {
    if (wantTranscribe === "openai") warnings.push("TRANSCRIBE_ENGINE=openai needs OPENAI_API_KEY or OPENAI_BASE_URL.");
    if (wantTranscribe === "pocketsphinx") {
      warnings.push("TRANSCRIBE_ENGINE=pocketsphinx needs pocketsphinx_continuous and ffmpeg on PATH.");
    }
    transcriber = createNoneTranscriber();
    warnings.push(NO_TRANSCRIPTION_WARNING);
  }

  let summarizer: Summarizer;
  const wantSummary = config.SUMMARY_ENGINE;
  if ((wantSummary === "auto" && config.OPENAI_API_KEY) || (wantSummary === "openai" && apiKey)) {
    summarizer = createOpenAISummarizer({
      apiKey: apiKey!,
      baseURL: config.OPENAI_BASE_URL,
      model: config.SUMMARY_MODEL ?? DEFAULT_SUMMARY_MODEL,
      contextTokens: config.SUMMARY_CONTEXT_TOKENS,
    });
  } else {
    if (wantSummary === "openai") warnings.push("SUMMARY_ENGINE=openai needs OPENAI_API_KEY or OPENAI_BASE_URL.");
    summarizer = createExtractiveSummarizer();
    warnings.push(
      "Summaries use the offline extractive engine (key sentences, no insights). Set OPENAI_API_KEY (and " +
        "OPENAI_BASE_URL for Ollama, vLLM or another OpenAI-compatible server) for AI summaries.",
    );
  }

  return {
    transcriber,
    summarizer,
    chat: resolveChatModel(config),
    info: { transcription: transcriber.name, summaries: summarizer.name, warnings },
  };
}
