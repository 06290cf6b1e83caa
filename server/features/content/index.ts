/**
 * The public module of content: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/content/ is private to it; tests may reach inside.
 */
export { contentRoutes } from "./content.routes.ts";
