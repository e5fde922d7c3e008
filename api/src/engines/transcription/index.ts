export { createNoneTranscriber, NO_ENGINE_MESSAGE } from "./none.js";
export { createOpenAITranscriber, OPENAI_MAX_UPLOAD_BYTES, type OpenAITranscriberOptions } from "./openai.js";
export { createPocketsphinxTranscriber } from "./pocketsphinx.js";
export { TranscriptionError, type Transcriber, type TranscriptionInput, type TranscriptionResult } from "./types.js";
