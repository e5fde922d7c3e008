export * from "./errors.js";
export * from "./period.js";
