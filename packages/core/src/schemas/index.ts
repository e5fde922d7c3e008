export * from "./common.js";
export * from "./domains.js";
export * from "./voice-notes.js";
export * from "./summary-types.js";
export * from "./summaries.js";
export * from "./search.js";
export * from "./chat.js";
export * from "./portability.js";
