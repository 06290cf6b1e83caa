/**
 * The public module of admin: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/admin/ is private to it; tests may reach inside.
 */
export { adminPlugin } from "./admin.plugin.ts";
