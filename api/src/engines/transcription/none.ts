import { TranscriptionError, type Transcriber } from "./types.js";

export const NO_ENGINE_MESSAGE =
  "No transcription engine is configured. Set OPENAI_API_KEY (and OPENAI_BASE_URL for an OpenAI-compatible " +
  "Whisper server such as Groq, Speaches or LocalAI), or install pocketsphinx (packages pocketsphinx and " +
  "pocketsphinx-en-us) for a low-accuracy offline fallback; then retry the transcription.";

/**
 * Used when nothing can transcribe. The runner does not call it: a note waits for an engine
 * (not an error); a process that starts with an engine transcribes every waiting note.
 */
export function createNoneTranscriber(): Transcriber {
  return {
    name: "none",
    available: false,
    async transcribe() {
      throw new TranscriptionError(NO_ENGINE_MESSAGE, false);
    },
  };
}
