/**
 * The API's answers that the web parses, in a chunk of their own that api-client.ts loads when the
 * first answer arrives (`answerSchema`). zod and the schemas it builds were about half
 * of the signed-in start's largest task (the outbox chunk's evaluation: 54 ms of 106 ms on a slow
 * host, four times that at Lighthouse's CPU); loaded here they are evaluated in a task of their own,
 * after the first screen has rendered from the saved answers. Only what the web reads: the request
 * schemas stay with the forms that use them.
 */
export {
  accountSchema,
  adminAccountListSchema,
  adminAccountSchema,
  aiTestResultSchema,
  createdInvitationSchema,
  instanceSettingsSchema,
  instanceStateSchema,
  invitationListSchema,
  calendarMonthSchema,
  connectedAssistantListSchema,
  consentDecisionResultSchema,
  consentRequestSchema,
  createdAssistantTokenSchema,
  onThisDaySchema,
  pushPublicKeySchema,
  reminderSettingsSchema,
  chatAnswerSchema,
  chatThreadDetailSchema,
  chatThreadListSchema,
  domainListSchema,
  domainSchema,
  domainStatsSchema,
  domainContentsSchema,
  errorBodySchema,
  importResultSchema,
  searchHitListSchema,
  successSchema,
  summaryListSchema,
  summarySchema,
  summaryTypeListSchema,
  summaryTypeSchema,
  voiceNoteListSchema,
  voiceNoteSchema,
} from "@vj/core";
