/**
 * The public module of dossier: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/dossier/ is private to it; tests may reach inside.
 */
export { dossierPlugin } from "./dossier.plugin.ts";
