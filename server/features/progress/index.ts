/**
 * The public module of progress: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/progress/ is private to it; tests may reach inside.
 */
export { progressRoutes } from "./progress.routes.ts";
