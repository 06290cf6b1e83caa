/**
 * The public module of check-ins: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/check-ins/ is private to it; tests may reach inside.
 */
export { checkInRoutes } from "./check-ins.routes.ts";
export { hasCheckedIn } from "./daily-loop.ts";
export { insertCheckInOnce } from "./insert-check-in.ts";
