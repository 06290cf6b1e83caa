/**
 * The public module of whatsapp: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/whatsapp/ is private to it; tests may reach inside.
 */
export { whatsappJobs } from "./whatsapp.jobs.ts";
export { whatsappPlugin } from "./whatsapp.plugin.ts";
