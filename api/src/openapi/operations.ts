import {
  domainContentsSchema,
  updateDomainSchema,
  createDomainSchema,
  createSummaryTypeSchema,
  createVoiceNoteFieldsSchema,
  domainListSchema,
  domainSchema,
  domainStatsSchema,
  generateSummarySchema,
  listSummariesQuerySchema,
  listSummaryTypesQuerySchema,
  listVoiceNotesQuerySchema,
  NEXT_CURSOR_HEADER,
  NOTES_PAGE_DEFAULT,
  NOTES_PAGE_MAX,
  SEARCH_PAGE_DEFAULT,
  SEARCH_PAGE_MAX,
  SEARCH_SNIPPET_MAX,
  searchHitListSchema,
  askSchema,
  chatAnswerSchema,
  chatThreadDetailSchema,
  chatThreadListSchema,
  listChatThreadsQuerySchema,
  exportQuerySchema,
  accountSchema,
  adminAccountListSchema,
  adminAccountSchema,
  aiTestInputSchema,
  aiTestResultSchema,
  createdInvitationSchema,
  createInvitationSchema,
  instanceSettingsSchema,
  instanceStateSchema,
  invitationListSchema,
  signupStatusQuerySchema,
  signupStatusSchema,
  updateAccountSchema,
  updateInstanceSettingsSchema,
  importResultSchema,
  CHAT_HISTORY_MESSAGES,
  CHAT_THREAD_MAX_MESSAGES,
  searchQuerySchema,
  calendarQuerySchema,
  calendarMonthSchema,
  onThisDayQuerySchema,
  onThisDaySchema,
  ON_THIS_DAY_NOTES_PER_DAY,
  reminderSettingsSchema,
  connectedAssistantListSchema,
  createAssistantTokenSchema,
  createdAssistantTokenSchema,
  consentRequestSchema,
  consentDecisionSchema,
  consentDecisionResultSchema,
  putReminderSettingsSchema,
  pushPublicKeySchema,
  pushSubscriptionInputSchema,
  deletePushSubscriptionSchema,
  successSchema,
  summaryListSchema,
  summarySchema,
  summaryTypeListSchema,
  summaryTypeSchema,
  updateSummaryTypeSchema,
  updateVoiceNoteSchema,
  voiceNoteListSchema,
  voiceNoteSchema,
} from "@vj/core";
import { z, type ZodType } from "zod";

/** A schema with the name it is published under in components.schemas. */
export interface Named {
  name: string;
  schema: ZodType;
}

export interface Operation {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** The `{id}` path parameter names this resource. */
  idOf?: string;
  /** The id is an opaque string, not a uuid. */
  opaqueId?: true;
  query?: Named;
  json?: Named;
  /** Multipart text fields, beside one file part (its field name and media type). */
  multipart?: Named & { file: { field: string; type: string } };
  /** Status -> description and body; every operation also answers the error shape. */
  /** `binary`: the media type of a non-JSON body. */
  responses: Record<number, { description: string; body?: Named; binary?: string; headers?: Record<string, string> }>;
  /** Error statuses specific to the operation (401 and 400 are added to all). */
  errors?: number[];
  /** Answered without a token (no 401, no security requirement). */
  public?: true;
}

const n = (name: string, schema: ZodType): Named => ({ name, schema });
const Domain = n("Domain", domainSchema);
const VoiceNote = n("VoiceNote", voiceNoteSchema);
const SummaryType = n("SummaryType", summaryTypeSchema);
const Summary = n("Summary", summarySchema);
const Success = n("Success", successSchema);

/** Every product call (SPEC §7 and DESIGN §6); the contracts are the zod schemas of @vj/core. */
export const operations: Operation[] = [
  {
    method: "get", path: "/api/domains", tag: "Collections", summary: "List the user's collections",
    responses: { 200: { description: "Oldest first", body: n("DomainList", domainListSchema) } },
  },
  {
    method: "get", path: "/api/domains/default", tag: "Collections", summary: "The default collection, else the first",
    responses: { 200: { description: "The collection", body: Domain } }, errors: [404],
  },
  {
    method: "post", path: "/api/domains", tag: "Collections", summary: "Create a collection",
    description: "`userId` is accepted and ignored: the user comes from the token. Two collections of one user may not share a slug (409).",
    json: n("CreateDomain", createDomainSchema),
    responses: { 201: { description: "Created", body: Domain } }, errors: [409],
  },
  {
    method: "get", path: "/api/domains/{id}/stats", tag: "Collections", summary: "Recording statistics of a collection", idOf: "collection",
    responses: { 200: { description: "Counts; recentRecording is an ISO timestamp or \"\"", body: n("DomainStats", domainStatsSchema) } }, errors: [404],
  },
  {
    method: "get", path: "/api/domains/{id}/contents", tag: "Collections", summary: "How many notes and summaries deleting the collection takes with it", idOf: "collection",
    responses: { 200: { description: "Counts", body: n("DomainContents", domainContentsSchema) } }, errors: [404],
  },
  {
    method: "patch", path: "/api/domains/{id}", tag: "Collections", summary: "Change a collection's name, description or colour", idOf: "collection",
    description: "The slug (the collection's address) stays as it was.",
    json: n("UpdateDomain", updateDomainSchema),
    responses: { 200: { description: "The collection", body: Domain } }, errors: [404],
  },
  {
    method: "delete", path: "/api/domains/{id}", tag: "Collections", summary: "Delete a collection with its notes, audio, summaries, summary types and threads", idOf: "collection",
    description: "Its slug is free again. A collection already gone answers success (a repeated delete); another user's answers 404.",
    responses: { 200: { description: "Deleted", body: Success } }, errors: [404],
  },
  {
    method: "get", path: "/api/voice-notes", tag: "Voice notes", summary: "Notes of a local day, week or month",
    description:
      "The period key is read on the local calendar of `tz` (IANA, default UTC); weeks run Sunday to Saturday under the Monday's ISO week. " +
      `Newest first, ties broken by id, in pages of \`limit\` notes (default ${NOTES_PAGE_DEFAULT}, at most ${NOTES_PAGE_MAX}). ` +
      `When more notes follow, the response carries an \`${NEXT_CURSOR_HEADER}\` header: pass its value as \`before\` to read the next page. ` +
      "No note is skipped or repeated across pages, also when notes share a `createdAt`; the last page has no such header.",
    query: n("ListVoiceNotesQuery", listVoiceNotesQuerySchema),
    responses: {
      200: {
        description: "One page, newest first",
        body: n("VoiceNoteList", voiceNoteListSchema),
        headers: { [NEXT_CURSOR_HEADER]: "Opaque cursor of the next page (the `before` query parameter); absent on the last page" },
      },
    },
    errors: [404],
  },
  {
    method: "post", path: "/api/voice-notes", tag: "Voice notes", summary: "Upload a recording",
    description: "Multipart: the `audio` file (WebM, Ogg, MP4, WAV, MP3 or FLAC; checked by type and first bytes) and the fields below. Without domainId the note goes to the default collection. A clientId already used answers the stored note with 200.",
    multipart: { ...n("CreateVoiceNoteFields", createVoiceNoteFieldsSchema), file: { field: "audio", type: "audio/*" } },
    responses: { 201: { description: "Stored and queued for transcription", body: VoiceNote }, 200: { description: "A replay of a clientId: the note stored before", body: VoiceNote } },
    errors: [404, 413, 415, 422],
  },
  {
    method: "get", path: "/api/voice-notes/{id}/audio", tag: "Voice notes", summary: "Stream the recording (HTTP Range supported)", idOf: "voice note",
    responses: { 200: { description: "The whole recording", binary: "audio/*" }, 206: { description: "The requested byte range", binary: "audio/*" } }, errors: [404, 416],
  },
  {
    method: "patch", path: "/api/voice-notes/{id}", tag: "Voice notes", summary: "Edit the title or the transcription", idOf: "voice note",
    json: n("UpdateVoiceNote", updateVoiceNoteSchema),
    responses: { 200: { description: "The note", body: VoiceNote } }, errors: [404],
  },
  {
    method: "delete", path: "/api/voice-notes/{id}", tag: "Voice notes", summary: "Delete the note and its audio", idOf: "voice note",
    responses: { 200: { description: "Deleted", body: Success } }, errors: [404],
  },
  {
    method: "post", path: "/api/voice-notes/{id}/transcribe", tag: "Voice notes", summary: "Queue the transcription again", idOf: "voice note",
    responses: { 202: { description: "Queued", body: VoiceNote } }, errors: [404],
  },
  {
    method: "get", path: "/api/summary-types", tag: "Summary types", summary: "Custom summary types of a collection",
    query: n("ListSummaryTypesQuery", listSummaryTypesQuerySchema),
    responses: { 200: { description: "Oldest first", body: n("SummaryTypeList", summaryTypeListSchema) } }, errors: [404],
  },
  {
    method: "post", path: "/api/summary-types", tag: "Summary types", summary: "Create a summary type",
    json: n("CreateSummaryType", createSummaryTypeSchema),
    responses: { 201: { description: "Created", body: SummaryType } }, errors: [404],
  },
  {
    method: "patch", path: "/api/summary-types/{id}", tag: "Summary types", summary: "Rename or re-prompt a summary type", idOf: "summary type",
    json: n("UpdateSummaryType", updateSummaryTypeSchema),
    responses: { 200: { description: "The type", body: SummaryType } }, errors: [404],
  },
  {
    method: "delete", path: "/api/summary-types/{id}", tag: "Summary types", summary: "Delete a summary type and its summaries", idOf: "summary type",
    responses: { 200: { description: "Deleted", body: Success } }, errors: [404],
  },
  {
    method: "get", path: "/api/summaries", tag: "Summaries", summary: "Summaries of a period",
    query: n("ListSummariesQuery", listSummariesQuerySchema),
    responses: { 200: { description: "Newest first", body: n("SummaryList", summaryListSchema) } }, errors: [404],
  },
  {
    method: "post", path: "/api/summaries/generate", tag: "Summaries", summary: "Generate a summary of a period",
    description:
      "Exactly one of isGeneralSummary and summaryTypeId. Reads the period's transcribed notes of the collection in the `tz` calendar. " +
      "Answers at once with the summary `pending`; the server writes it as a durable job (resumed after a crash or a restart) and the list shows it `ready`, or `failed` with its `error`. " +
      "A `clientRequestId` sent again answers the summary that request made (200) instead of a second one.",
    json: n("GenerateSummary", generateSummarySchema),
    responses: {
      202: { description: "Queued: the pending summary", body: Summary },
      200: { description: "A resent request: the summary it made before", body: Summary },
    },
    errors: [404, 422, 429],
  },
  {
    method: "delete", path: "/api/summaries/{id}", tag: "Summaries", summary: "Delete a summary", idOf: "summary",
    responses: { 200: { description: "Deleted", body: Success } }, errors: [404],
  },
  {
    method: "get", path: "/api/search", tag: "Search", summary: "Search notes and summaries",
    description:
      "Full-text search over the user's note titles, transcripts and summaries, best first (relevance — a title above a transcript — then newer first). " +
      "Every word must match, in any order; a double-quoted phrase matches as a phrase; the last word matches as a prefix. " +
      "Everything typed is searched as text, never read as query syntax. Japanese, Chinese, Korean and Thai text is found by any substring of two or more characters; accents are ignored (\"cafe\" finds \"café\"). " +
      `Each hit's \`snippet\` is plain text (at most ${SEARCH_SNIPPET_MAX} characters) and \`highlights\` the \`[start, end)\` offsets of the matched words in it. ` +
      `Pages of \`limit\` hits (default ${SEARCH_PAGE_DEFAULT}, at most ${SEARCH_PAGE_MAX}); \`${NEXT_CURSOR_HEADER}\` → \`before\` reads the next page.`,
    query: n("SearchQuery", searchQuerySchema),
    responses: {
      200: {
        description: "One page of hits, best first",
        body: n("SearchHitList", searchHitListSchema),
        headers: { [NEXT_CURSOR_HEADER]: "Opaque cursor of the next page (the `before` query parameter); absent on the last page" },
      },
    },
    errors: [404],
  },
  {
    method: "get", path: "/api/calendar", tag: "Calendar", summary: "A month's days with notes, and the streaks",
    description:
      "The days of `month` (YYYY-MM, on the local calendar of `tz`) that hold notes, with how many and their seconds, in one collection (`domainId`) or in all. " +
      "`streak.current` counts the days in a row up to today — a today without a note yet does not break it — and `streak.longest` the longest run ever; `today` is the day the server took as today in `tz`.",
    query: n("CalendarQuery", calendarQuerySchema),
    responses: { 200: { description: "The month", body: n("CalendarMonth", calendarMonthSchema) } },
    errors: [404],
  },
  {
    method: "get", path: "/api/on-this-day", tag: "Calendar", summary: "Notes of the same date in earlier years, and of one month ago",
    description:
      "Every collection's notes of one month before `date` and of the same date in each earlier year (local days of `tz`), nearest first, " +
      `at most ${ON_THIS_DAY_NOTES_PER_DAY} per day with the day's \`total\`. 29 February comes back on 29 February in leap years and on 28 February in the others; ` +
      "one month ago is the same day number of the month before, when it has one. `groups` is empty when there is nothing to show.",
    query: n("OnThisDayQuery", onThisDayQuerySchema),
    responses: { 200: { description: "The look back", body: n("OnThisDay", onThisDaySchema) } },
  },
  {
    method: "get", path: "/api/assistants", tag: "Connected assistants", summary: "Access tokens and OAuth-connected apps",
    description:
      "What may read the journal over /mcp: each access token the person made (`kind: token`) and each app they allowed through OAuth (`kind: oauth`), " +
      "newest first, with its last use (noted at most once a minute). Revoked ones are not listed. Tokens themselves are never answered here.",
    responses: { 200: { description: "The connected assistants", body: n("ConnectedAssistantList", connectedAssistantListSchema) } },
  },
  {
    method: "post", path: "/api/assistants/tokens", tag: "Connected assistants", summary: "Create an access token for an assistant",
    description:
      "A read-only token for an MCP client that takes a header (`Authorization: Bearer <token>` at /mcp). The token is in this answer only: it is stored hashed. " +
      "It is accepted at /mcp alone, never by this API.",
    json: n("CreateAssistantToken", createAssistantTokenSchema),
    responses: { 201: { description: "Created; `token` is shown this once", body: n("CreatedAssistantToken", createdAssistantTokenSchema) } },
  },
  {
    method: "delete", path: "/api/assistants/{id}", tag: "Connected assistants", summary: "Revoke a token or an app's access", idOf: "connected assistant",
    description: "Refused at its next request, and every token of an OAuth app's connection with it.",
    responses: { 200: { description: "Revoked", body: Success } },
    errors: [404],
  },
  {
    method: "get", path: "/api/oauth/requests/{id}", tag: "Connected assistants", summary: "An app's request to connect (the consent page)", idOf: "authorization request", opaqueId: true,
    description: "Who asks (its name, client id and where the answer goes). A request already answered or older than ten minutes is not found.",
    responses: { 200: { description: "The request", body: n("ConsentRequest", consentRequestSchema) } },
    errors: [404],
  },
  {
    method: "post", path: "/api/oauth/requests/{id}/decision", tag: "Connected assistants", summary: "Allow or deny an app's request", idOf: "authorization request", opaqueId: true,
    description:
      "The signed-in person's answer. `redirectTo` is the app's redirect URI with a one-time code (allow) or `error=access_denied` (deny), and `state` and `iss`; " +
      "the browser goes there next.",
    json: n("ConsentDecision", consentDecisionSchema),
    responses: { 200: { description: "Where the browser goes", body: n("ConsentDecisionResult", consentDecisionResultSchema) } },
    errors: [404],
  },
  {
    method: "get", path: "/api/reminders", tag: "Reminders", summary: "The person's reminder settings",
    description: "Off, 20:00 every day, only when no note, until saved. `days` are ISO weekdays (Monday 1 … Sunday 7); `time` is read in `tz`.",
    responses: { 200: { description: "The settings", body: n("ReminderSettings", reminderSettingsSchema) } },
  },
  {
    method: "put", path: "/api/reminders", tag: "Reminders", summary: "Save the reminder settings",
    description:
      "\"Remind me to journal\" at `time` (HH:MM) on `days` in the zone `tz`, by Web Push to every subscribed device; with `onlyIfNoNote`, a day that already has a note is skipped. " +
      "The reminder stays at that local time across DST changes and goes out once per day, whatever the number of server processes. Saving again is harmless (the same body twice changes nothing).",
    json: n("PutReminderSettings", putReminderSettingsSchema),
    responses: { 200: { description: "The saved settings", body: n("ReminderSettings", reminderSettingsSchema) } },
  },
  {
    method: "get", path: "/api/push/public-key", tag: "Reminders", summary: "The server's VAPID public key",
    description: "The `applicationServerKey` for the browser's `pushManager.subscribe`.",
    responses: { 200: { description: "The key", body: n("PushPublicKey", pushPublicKeySchema) } },
  },
  {
    method: "post", path: "/api/push/subscriptions", tag: "Reminders", summary: "Subscribe this device to reminders",
    description:
      "The browser's `PushSubscription` as JSON. Only https endpoints of public push services are accepted (400 otherwise). " +
      "An endpoint already stored is updated, and belongs to the signed-in person from then on.",
    json: n("PushSubscription", pushSubscriptionInputSchema),
    responses: { 201: { description: "Stored", body: Success } },
  },
  {
    method: "delete", path: "/api/push/subscriptions", tag: "Reminders", summary: "Unsubscribe a device",
    description: "Forgets the person's subscription at `endpoint`; one already gone answers success too.",
    json: n("DeletePushSubscription", deletePushSubscriptionSchema),
    responses: { 200: { description: "Forgotten", body: Success } },
  },
  {
    method: "post", path: "/api/chat", tag: "Ask", summary: "Ask your journal",
    description:
      "Answers a question from the user's own notes and summaries in the collection (all time, or the period given), citing them as `[n]`. " +
      "The sources are chosen through the search index (the most recent notes when the question's words match nothing) and packed into the model's context; " +
      "numbers in the answer that name no source are dropped. Without a model configured on the server the answer quotes the best passages. " +
      "By default the answer streams as `text/event-stream`: `delta` events `{ text }`, then one `done` event with the body below (or an `error` event in the error shape). " +
      "With `Accept: application/json` only the final body is sent. Closing the stream stops the answer; what arrived is kept, marked `stopped`. " +
      `A follow-up (\`threadId\`) sees the last ${CHAT_HISTORY_MESSAGES} messages; a thread holds at most ${CHAT_THREAD_MAX_MESSAGES} (409 beyond). Model calls are rate-limited per user (429).`,
    json: n("Ask", askSchema),
    responses: { 200: { description: "The stored answer with its citations", body: n("ChatAnswer", chatAnswerSchema) } },
    errors: [404, 409, 429, 502, 503],
  },
  {
    method: "get", path: "/api/chat/threads", tag: "Ask", summary: "Conversations of a collection, latest first",
    query: n("ListChatThreadsQuery", listChatThreadsQuerySchema),
    responses: { 200: { description: "Threads", body: n("ChatThreadList", chatThreadListSchema) } },
    errors: [404],
  },
  {
    method: "get", path: "/api/chat/threads/{id}", tag: "Ask", summary: "A conversation with its messages and citations", idOf: "conversation",
    responses: { 200: { description: "The thread; a cited note deleted since is marked `deleted`", body: n("ChatThreadDetail", chatThreadDetailSchema) } },
    errors: [404],
  },
  {
    method: "delete", path: "/api/chat/threads/{id}", tag: "Ask", summary: "Delete a conversation", idOf: "conversation",
    responses: { 200: { description: "Deleted", body: Success } }, errors: [404],
  },
  {
    method: "get", path: "/api/events", tag: "Events", summary: "Changes to the user's notes and summaries, as they happen",
    description:
      "A `text/event-stream` that stays open: `ready` first (read your lists now), then `note` or `summary` events `{ id }` when a note's transcript or a summary became ready or failed, " +
      "and `resync` when the server may have missed some (read your lists again). A comment line every 25 s keeps it open; it ends when the access token expires (or after 30 minutes): " +
      "open it again with a fresh token. One per tab; too many at once for one account answers 429. Where it is unavailable, poll the lists.",
    responses: { 200: { description: "The stream", binary: "text/event-stream" } },
    errors: [429],
  },
  {
    method: "get", path: "/api/export", tag: "Portability", summary: "Export the journal as a zip",
    description:
      "Streams one `.zip` (every collection, or the one `domainId` names): `journal.json` (the data, versioned: format `voice-journal-export`, version 1), " +
      "`notes/<collection>/<YYYY-MM-DD>-<title>.md` and `summaries/<collection>/…md` (front matter and text, readable in Obsidian), and `audio/…` with each recording's original bytes.",
    query: n("ExportQuery", exportQuerySchema),
    responses: { 200: { description: "The zip, as an attachment", binary: "application/zip" } },
    errors: [404],
  },
  {
    method: "post", path: "/api/import", tag: "Portability", summary: "Restore a journal export",
    description:
      "Multipart: the export zip in the field `file`. Collections are matched by name (else created), summary types by name, notes by the key they were recorded under, " +
      "so importing the same zip again creates nothing; transcripts, dates and durations are kept, nothing is transcribed again. Notes go in by batches of 500, one transaction each; " +
      "a refused import leaves no row and no file, and one that stops after some batches says how far it got: importing the same zip again goes on from there. " +
      "Refused with 400 and the reason: not a zip, a truncated one or a truncated upload, entries with `..`, absolute paths or links, " +
      "an entry that expands over 100 times its size or a zip over `IMPORT_MAX_EXPANDED_BYTES` in all (zip bombs), an unknown `journal.json` version, " +
      "text the database cannot store (NUL, unpaired surrogates; the message names the entry), a recording that is not audio (named). " +
      "One import runs per account at a time: another answers 409 (`an import of this journal is already running`).",
    multipart: { ...n("ImportForm", z.object({})), file: { field: "file", type: "application/zip" } },
    responses: { 200: { description: "What was imported and what was there already", body: n("ImportResult", importResultSchema) } },
    errors: [409, 413, 415],
  },
  {
    method: "delete", path: "/api/auth/delete-account", tag: "Account", summary: "Delete the account",
    description:
      "Removes the user, every row they own and every audio file; their tokens stop working at once. " +
      "In Supabase mode the project's auth user is removed too (503 when that call fails; the data is already gone and a retry completes it).",
    responses: { 200: { description: "Deleted", body: Success } }, errors: [503],
  },
  {
    method: "get", path: "/api/account", tag: "Account", summary: "The signed-in account and today's allowances",
    description:
      "Whether the account is an admin of the instance, and what it used today of each daily limit (transcription minutes, summaries, Ask questions) on its local day — " +
      "the zone its app last sent — with `limit` null where there is none and `resetsAt` the next local midnight.",
    responses: { 200: { description: "The account", body: n("Account", accountSchema) } },
  },
  {
    method: "get", path: "/api/signup-policy", tag: "Account", summary: "Who may sign up (public)", public: true,
    description:
      "`open`: anyone; `invite`: with an invitation link; `closed`: no visitors (an invitation link still lets its one person in). " +
      "With `invitation`, also whether that link can still be used and the e-mail it is for. No token needed.",
    query: n("SignupStatusQuery", signupStatusQuerySchema),
    responses: { 200: { description: "The policy", body: n("SignupStatus", signupStatusSchema) } },
  },
  ...adminOperations(),
];

/** /api/admin: admins only; everyone else gets the 404 of a path that does not exist. */
function adminOperations(): Operation[] {
  const AdminAccount = n("AdminAccount", adminAccountSchema);
  const Settings = n("InstanceSettings", instanceSettingsSchema);
  const admin = (op: Omit<Operation, "tag">): Operation => ({ ...op, tag: "Admin", errors: [...new Set([404, ...(op.errors ?? [])])] });
  return [
    admin({
      method: "get", path: "/api/admin/accounts", summary: "Every account with its notes, audio and AI use this month",
      responses: { 200: { description: "Oldest first", body: n("AdminAccountList", adminAccountListSchema) } },
    }),
    admin({
      method: "patch", path: "/api/admin/accounts/{id}", summary: "Disable, enable, make or remove an admin, set limits", idOf: "account",
      description:
        "Disabling ends every session of the account at once and keeps it from signing in; its notes stay. " +
        "The last admin who can sign in cannot be disabled or lose the role (409); nor can an admin disable their own account. Limits: null follows the instance's.",
      json: n("UpdateAccount", updateAccountSchema),
      responses: { 200: { description: "The account", body: AdminAccount } }, errors: [409],
    }),
    admin({
      method: "delete", path: "/api/admin/accounts/{id}", summary: "Delete an account with its notes and audio", idOf: "account",
      description: "As the account's own deletion: every row and every audio file. Not the last admin who can sign in (409).",
      responses: { 200: { description: "Deleted", body: Success } }, errors: [409],
    }),
    admin({
      method: "get", path: "/api/admin/invitations", summary: "Sign-up invitations, newest first",
      responses: { 200: { description: "Invitations (their links are not kept)", body: n("InvitationList", invitationListSchema) } },
    }),
    admin({
      method: "post", path: "/api/admin/invitations", summary: "Create a single-use sign-up link",
      description: "The answer holds the link's `token` (open `/auth/signup?invitation=<token>`); it is shown this once, only its hash is kept. Optionally for one e-mail address.",
      json: n("CreateInvitation", createInvitationSchema),
      responses: { 201: { description: "Created, with its token", body: n("CreatedInvitation", createdInvitationSchema) } },
    }),
    admin({
      method: "delete", path: "/api/admin/invitations/{id}", summary: "Withdraw an invitation", idOf: "invitation",
      responses: { 200: { description: "Deleted", body: Success } },
    }),
    admin({
      method: "get", path: "/api/admin/settings", summary: "Sign-up policy, AI endpoint and default daily limits",
      description: "Each value in force and whether an environment variable fixes it. The AI key is never answered: only whether one is set.",
      responses: { 200: { description: "The settings", body: Settings } },
    }),
    admin({
      method: "patch", path: "/api/admin/settings", summary: "Change the instance's settings",
      description:
        "A field left out is unchanged; null clears it. The AI key is stored encrypted with a key kept in DATA_DIR (or SETTINGS_KEY). " +
        "Changes take effect at once on every process, without a restart; notes that waited for a transcription engine are queued. " +
        "A setting fixed by an environment variable is refused (409).",
      json: n("UpdateInstanceSettings", updateInstanceSettingsSchema),
      responses: { 200: { description: "The settings", body: Settings } }, errors: [409],
    }),
    admin({
      method: "post", path: "/api/admin/ai-test", summary: "Try the AI endpoint",
      description: "Sends a 3-second spoken clip to the transcription model and a short prompt to the summary model, with the values given over the saved ones, and answers what came back. Nothing is saved.",
      json: n("AiTestInput", aiTestInputSchema),
      responses: { 200: { description: "What each model answered, or its error", body: n("AiTestResult", aiTestResultSchema) } },
    }),
    admin({
      method: "get", path: "/api/admin/state", summary: "Database, storage, engines, job queues and backups",
      responses: { 200: { description: "The instance's state", body: n("InstanceState", instanceStateSchema) } },
    }),
  ];
}
