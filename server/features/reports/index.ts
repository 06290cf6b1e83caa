/**
 * The public module of reports: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/reports/ is private to it; tests may reach inside.
 */
export { quarterMood } from "./quarter-mood.ts";
export { rebuildCompanyStats } from "./rebuild-stats.ts";
export { reportJobs } from "./reports.jobs.ts";
export { reportRoutes } from "./reports.routes.ts";
