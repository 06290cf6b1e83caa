/**
 * The public module of invites: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/invites/ is private to it; tests may reach inside.
 */
export { countWaitingInvites, insertInvitesInBulk, sendWaitingInvites } from "./bulk-invites.ts";
export { inviteJobs } from "./invites.jobs.ts";
export { inviteRoutes } from "./invites.routes.ts";
export {
  awaitingActivation,
  createInvite,
  createPsychologistInvite,
  INVITE_MAIL_JOB,
  pendingInviteSummaries,
  pendingInvitesPage,
  seatsUsed,
} from "./invites.ts";
