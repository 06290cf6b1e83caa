/**
 * The public module of msteams: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/msteams/ is private to it; tests may reach inside.
 */
export { msteamsJobs } from "./msteams.jobs.ts";
export { msteamsPlugin } from "./msteams.plugin.ts";
