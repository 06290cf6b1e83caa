/**
 * The public module of exercise-admin: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/exercise-admin/ is private to it; tests may reach inside.
 */
export { exerciseAdminRoutes } from "./exercise-admin.routes.ts";
