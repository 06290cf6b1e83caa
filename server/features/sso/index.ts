/**
 * The public module of sso: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/sso/ is private to it; tests may reach inside.
 */
export { refusePasswordWhenSsoOnly } from "./password-policy.ts";
export { openSecret, sealSecret, ssoKeyFromSecret } from "./secret-box.ts";
export { ssoPlugin } from "./sso.plugin.ts";
export { coversEmail } from "./sso-connections.ts";
