/**
 * The public module of teams: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/teams/ is private to it; tests may reach inside.
 */
export { detachFromCompany, removeFromCompany } from "./members.ts";
export { teamInviteRoutes } from "./team-invites.routes.ts";
export { teamRoutes } from "./teams.routes.ts";
