/**
 * The public module of privacy-rights: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/privacy-rights/ is private to it; tests may reach inside.
 */
export { privacyRightsRoutes } from "./privacy-rights.routes.ts";
