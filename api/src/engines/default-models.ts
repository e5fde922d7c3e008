/** The models the openai engines use when neither the environment nor the admin screen names one. */
export const DEFAULT_TRANSCRIBE_MODEL = "whisper-1";
export const DEFAULT_SUMMARY_MODEL = "gpt-4o-mini";
