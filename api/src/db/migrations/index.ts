import type { Migration } from "kysely";
import * as initialSchema from "./20261121T0000_initial_schema.js";
import * as notesListOrder from "./20261122T0000_notes_list_order.js";
import * as searchIndex from "./20261125T0100_search_index.js";
import * as summaryJobs from "./20261125T0200_summary_jobs.js";
import * as transcriptionWaiting from "./20261125T0250_transcription_waiting.js";
import * as chatThreads from "./20261125T0300_chat_threads.js";
import * as scheduledJobs from "./20261128T0200_scheduled_jobs.js";
import * as voiceNotesAudioKeyIndex from "./20261128T0220_voice_notes_audio_key_index.js";
import * as reminders from "./20261128T0400_reminders.js";
import * as instanceOperation from "./20261128T0600_instance_operation.js";
import * as dailyUsage from "./20261128T0610_daily_usage.js";
import * as importLocks from "./20261128T1100_import_locks.js";
import * as appliedChanges from "./20261128T1200_applied_changes.js";
import * as assistantAccess from "./20261128T1300_assistant_access.js";
import * as reserveAdminSlug from "./20261128T1400_reserve_admin_slug.js";
import * as searchTagsAndEmoji from "./20261128T1500_search_tags_and_emoji.js";

/** Every migration, in order. Add new files at the end; never edit a landed one. */
export const migrations: Record<string, Migration> = {
  "20261121T0000_initial_schema": initialSchema,
  "20261122T0000_notes_list_order": notesListOrder,
  "20261125T0100_search_index": searchIndex,
  "20261125T0200_summary_jobs": summaryJobs,
  "20261125T0250_transcription_waiting": transcriptionWaiting,
  "20261125T0300_chat_threads": chatThreads,
  "20261128T0200_scheduled_jobs": scheduledJobs,
  "20261128T0220_voice_notes_audio_key_index": voiceNotesAudioKeyIndex,
  "20261128T0400_reminders": reminders,
  "20261128T0600_instance_operation": instanceOperation,
  "20261128T0610_daily_usage": dailyUsage,
  "20261128T1100_import_locks": importLocks,
  "20261128T1200_applied_changes": appliedChanges,
  "20261128T1300_assistant_access": assistantAccess,
  "20261128T1400_reserve_admin_slug": reserveAdminSlug,
  "20261128T1500_search_tags_and_emoji": searchTagsAndEmoji,
};
