/**
 * The public module of listening: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/listening/ is private to it; tests may reach inside.
 */
export { listeningFigures, listeningMonitoring } from "./figures.ts";
export { listeningJobs } from "./listening.jobs.ts";
export { listeningPlugin } from "./listening.plugin.ts";
