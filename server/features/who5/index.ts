/**
 * The public module of who5: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/who5/ is private to it; tests may reach inside.
 */

export { who5Jobs } from "./who5.jobs.ts";
export { who5Routes } from "./who5.routes.ts";
export { itemsOf, readWho5 } from "./who5-store.ts";
