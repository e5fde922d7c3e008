export { createExtractiveSummarizer, EXTRACTIVE_LABEL, summarizeExtractive } from "./extractive.js";
export { DEFAULT_CONTEXT_TOKENS, estimateTokens, notesBudget } from "./map-reduce.js";
export { createOpenAISummarizer, type OpenAISummarizerOptions } from "./openai.js";
export { SummaryError, type Summarizer, type SummaryNote, type SummaryRequest, type SummaryResult } from "./types.js";
