/**
 * Business constants and limits (SPEC §9) and the client-side constant data of SPEC §3.
 * Both the web and the API read them from here so one number never has two copies.
 */

/**
 * Field bounds the API enforces; the spec leaves them open, these keep rows and prompts sane. Here,
 * not beside the schemas that use them: the web's first screen reads them without loading zod.
 */
export const LIMITS = {
  name: 100,
  description: 500,
  title: 200,
  prompt: 4000,
  transcription: 200_000,
  clientId: 200,
} as const;

// Auth and session
export const MIN_PASSWORD_LENGTH = 6;
/**
 * The longest e-mail address accepted (RFC 5321's 256-octet path less its angle brackets). The
 * address goes into every access token, so the bound also keeps a token within a request header.
 */
export const MAX_EMAIL_LENGTH = 254;
/** After this long the session check gives up and the locally cached session is used. */
export const SESSION_CHECK_TIMEOUT_MS = 5000;
export const SESSION_CACHE_MS = 30_000;

// Toasts
export const TOAST_LIMIT = 1;
/** A dismissed toast is removed this long after dismissal. */
export const TOAST_REMOVE_DELAY_MS = 4000;
export const TOAST_VIEWPORT_MAX_WIDTH_PX = 420;

// Data freshness
/** Note and summary lists stay fresh this long (no refetch on window focus). */
export const LIST_STALE_TIME_MS = 30_000;
export const PENDING_UPLOADS_STALE_TIME_MS = 10_000;
/**
 * GET /api/voice-notes answers at most this many notes per page (newest first) unless `limit`
 * asks for fewer or more, up to the maximum; the next page's cursor comes in NEXT_CURSOR_HEADER.
 * 50 keeps a page of long transcripts under 100 KB (about 1.5 KB per note).
 */
export const NOTES_PAGE_DEFAULT = 50;
export const NOTES_PAGE_MAX = 200;
/** Response header carrying the `before` cursor of the next page; absent on the last page. */
export const NEXT_CURSOR_HEADER = "X-Next-Cursor";
/** The note list polls this often while any note is transcribing. */
export const TRANSCRIPTION_POLL_INTERVAL_MS = 5000;

// Recording and the offline outbox
export const RECORDER_CHUNK_MS = 1000;
export const WAVEFORM_BAR_COUNT = 50;
/** Over this size the outbox evicts its oldest recordings first. */
export const OUTBOX_MAX_BYTES = 80 * 1024 * 1024;
export const OUTBOX_DB_NAME = "voice-notes-outbox";
export const OUTBOX_DB_VERSION = 1;
export const OUTBOX_STORE_NAME = "pendingUploads";
export const LAST_SELECTED_COLLECTION_KEY = "lastSelectedCollection";
export const RECORDING_FILE_NAME = "recording.webm";
/** A transcription starting with this marks the note as failed (SPEC §4). */
export const TRANSCRIPTION_ERROR_PREFIX = "ERROR:";

// Calendar and On This Day
/** On This Day lists at most this many notes of one day (and says how many the day holds). */
export const ON_THIS_DAY_NOTES_PER_DAY = 3;

// Reminders
/** A reminder's notification title. */
export const REMINDER_TITLE = "Time for your journal";
/** Where a click on a reminder opens the app: today's view with the recorder ready. */
export const REMINDER_URL = "/?record=1";
/** Notifications with one tag replace each other: one reminder shows at a time. */
export const REMINDER_TAG = "journal-reminder";

// Layout
export const TEMPLATE_SCROLL_STEP_PX = 280;
export const SUMMARY_PREVIEW_CHARS = 200;
export const TRANSCRIPT_CLAMP_LINES = 3;
export const SKELETON_CARD_COUNT = 3;
/** The summary-type list scrolls when it holds more than this many types. */
export const SUMMARY_TYPE_LIST_SCROLL_THRESHOLD = 4;

// Summary response lengths
export const RESPONSE_LENGTHS = ["short", "medium", "long"] as const;
export type ResponseLength = (typeof RESPONSE_LENGTHS)[number];
export const DEFAULT_RESPONSE_LENGTH: ResponseLength = "medium";
/** Roughly how many words a summary of each length aims for. */
export const RESPONSE_LENGTH_TARGET_WORDS: Readonly<Record<ResponseLength, number>> = Object.freeze({
  short: 100,
  medium: 250,
  long: 400,
});
export const RESPONSE_LENGTH_LABELS: Readonly<Record<ResponseLength, string>> = Object.freeze({
  short: "Short",
  medium: "Medium",
  long: "Long",
});

// Collection colours
/** The colour a collection gets in the data when none is given. */
export const DEFAULT_COLLECTION_COLOR = "#3b82f6";
/** The colour the /collections "New Collection" form starts with. */
export const COLLECTION_FORM_DEFAULT_COLOR = "#6b7280";
export const ONBOARDING_DEFAULT_COLOR = "#3b82f6";

export const ONBOARDING_SWATCHES: readonly string[] = Object.freeze([
  "#3b82f6",
  "#8b5cf6",
  "#ef4444",
  "#10b981",
  "#f59e0b",
  "#ec4899",
  "#06b6d4",
  "#84cc16",
]);

export const COLLECTION_SWATCHES: readonly string[] = Object.freeze([
  "#6b7280",
  "#7c3aed",
  "#059669",
  "#dc2626",
  "#1f2937",
  "#0369a1",
  "#92400e",
  "#4338ca",
]);

export interface CollectionTemplate {
  name: string;
  description: string;
  color: string;
}

/** The five onboarding templates; choosing one fills the first-collection form. */
export const ONBOARDING_TEMPLATES: readonly CollectionTemplate[] = Object.freeze([
  {
    name: "Work Journal",
    description: "Capture meetings, project progress, wins and blockers from your working day.",
    color: "#3b82f6",
  },
  {
    name: "Creative Ideas",
    description: "Catch sparks of inspiration, story ideas and creative projects before they slip away.",
    color: "#8b5cf6",
  },
  {
    name: "Personal Growth",
    description: "Reflect on your habits, goals and feelings to understand yourself and see how you grow.",
    color: "#ef4444",
  },
  {
    name: "Learning Log",
    description: "Record what you are learning, the key takeaways and the questions to explore next.",
    color: "#10b981",
  },
  {
    name: "Travel Adventures",
    description: "Remember the places, people and moments of your trips while they are still fresh.",
    color: "#f59e0b",
  },
]);

// Bounds and texts of the wire (the schemas use them; the web reads them without loading zod)
/** Ask your journal (DESIGN §12): the bounds of a question and of a conversation. */
export const CHAT_QUESTION_MAX = 2000;
/** A thread holds at most this many messages (100 questions and their answers); then a new one starts. */
export const CHAT_THREAD_MAX_MESSAGES = 200;
/** A follow-up question sees this many earlier messages of its thread (the last 3 questions and answers). */
export const CHAT_HISTORY_MESSAGES = 6;
/** `journal.json` of an export names its format and version (the document: requests/portability.ts). */
export const JOURNAL_EXPORT_FORMAT = "voice-journal-export";
export const JOURNAL_EXPORT_VERSION = 1;
/** Search (DESIGN §12): bounds of a query and of a page of hits. */
export const SEARCH_QUERY_MAX = 200;
export const SEARCH_PAGE_DEFAULT = 20;
export const SEARCH_PAGE_MAX = 100;
export const SEARCH_SNIPPET_MAX = 240;
/** The spec's one message for a missing name or prompt (SPEC §5). */
export const SUMMARY_TYPE_REQUIRED_MESSAGE = "Please provide both a name and a prompt for the summary type.";

/** A note over the account's daily transcription limit waits for the next local day (shown on its card). */
export const TRANSCRIPTION_LIMIT_WAITING = "Transcription limit reached for today — it will be transcribed tomorrow";
