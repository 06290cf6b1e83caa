/**
 * The public module of passkeys: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/passkeys/ is private to it; tests may reach inside.
 */
export { verifyNewPasskey } from "./new-passkey.ts";
export { passkeyRoutes } from "./passkeys.routes.ts";
export { recoveryRoutes } from "./recovery.routes.ts";
export { issueRecoveryCode } from "./recovery-codes.ts";
export { startSession } from "./start-session.ts";
export { relyingParty, storeChallenge, takeChallenge } from "./webauthn.ts";
