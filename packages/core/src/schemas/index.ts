// What the API answers (the web parses these) …
export * from "./common.js";
export * from "./domains.js";
export * from "./voice-notes.js";
export * from "./summary-types.js";
export * from "./summaries.js";
export * from "./search.js";
export * from "./chat.js";
export * from "./portability.js";
export * from "./journal-days.js";
export * from "./reminders.js";
export * from "./instance.js";
export * from "./admin.js";
export * from "./assistants.js";
// … and what it accepts: bodies and query strings, in modules of their own so that a bundle which
// only reads answers (the web) never builds them.
export * from "./requests/fields.js";
export * from "./requests/domains.js";
export * from "./requests/voice-notes.js";
export * from "./requests/summary-types.js";
export * from "./requests/summaries.js";
export * from "./requests/search.js";
export * from "./requests/chat.js";
export * from "./requests/portability.js";
export * from "./requests/journal-days.js";
export * from "./requests/reminders.js";
export * from "./requests/admin.js";
export * from "./requests/assistants.js";
