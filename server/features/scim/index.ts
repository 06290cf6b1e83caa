/**
 * The public module of scim: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/scim/ is private to it; tests may reach inside.
 */

export { scimPlugin } from "./scim.plugin.ts";
export { handleScimFrameworkError, isScimPath } from "./scim-errors.ts";
