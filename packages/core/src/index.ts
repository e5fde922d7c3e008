export * from "./errors.js";
export * from "./constants.js";
export * from "./prompts.js";
export * from "./slug.js";
export * from "./period.js";
export * from "./navigator.js";
export * from "./words.js";
export * from "./schemas/index.js";
