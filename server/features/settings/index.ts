/**
 * The public module of settings: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/settings/ is private to it; tests may reach inside.
 */
export { settingsPlugin } from "./settings.plugin.ts";
