/**
 * The public module of activation: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/activation/ is private to it; tests may reach inside.
 */
export { activationPlugin } from "./activation.plugin.ts";
