/**
 * The public module of group-sessions: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/group-sessions/ is private to it; tests may reach inside.
 */
export { groupSessionJobs } from "./group-sessions.jobs.ts";
export { groupSessionPlugin } from "./group-sessions.plugin.ts";
