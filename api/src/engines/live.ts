import type { Engines } from "./resolve.js";
import type { Summarizer } from "./summaries/types.js";
import type { Transcriber } from "./transcription/types.js";

/** Engines whose choice can change while the server runs (an admin set the AI endpoint). */
export interface LiveEngines extends Engines {
  /** From now on every call goes to `next`; a call under way finishes on the engine it began with. */
  replace(next: Engines): void;
}

/**
 * Stable engine objects that forward each call to the engines chosen last, so the runners,
 * services and routes that were handed them at start follow a change without a restart.
 */
export function liveEngines(initial: Engines): LiveEngines {
  let current = initial;
  const transcriber: Transcriber = {
    get name() {
      return current.transcriber.name;
    },
    get lowAccuracy() {
      return current.transcriber.lowAccuracy;
    },
    get available() {
      return current.transcriber.available;
    },
    transcribe: (input, signal) => current.transcriber.transcribe(input, signal),
  };
  const summarizer: Summarizer = {
    get name() {
      return current.summarizer.name;
    },
    summarize: (request) => current.summarizer.summarize(request),
  };
  return {
    transcriber,
    summarizer,
    get chat() {
      return current.chat;
    },
    get info() {
      return current.info;
    },
    replace(next) {
      current = next;
    },
  };
}
