/**
 * The public module of care: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/care/ is private to it; tests may reach inside.
 */
export { bookSlot } from "./booking.ts";
export { careJobs } from "./care.jobs.ts";
export { carePlugin } from "./care.plugin.ts";
export { bookablePsychologists, freeSlots } from "./slots.ts";
