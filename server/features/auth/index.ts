/**
 * The public module of auth: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/auth/ is private to it; tests may reach inside.
 */
export {
  type Access,
  admin,
  asCaller,
  callerOf,
  companyManager,
  companyManagerRemembered,
  consented,
  consentedRemembered,
  defineAccess,
  psychologist,
  publicAccess,
  registerAccess,
  roles,
  signedIn,
  signedInRemembered,
  signedInUntouched,
} from "./access.ts";
export { createAccount } from "./accounts.ts";
export { authRoutes } from "./auth.routes.ts";
export { type Auth, CLIENT_IP_HEADER, createAuth, type SessionEvents } from "./auth.ts";
export { ensureAdmin } from "./bootstrap-admin.ts";
export { consumeFileLimit } from "./file-limits.ts";
export { registerOriginCheck } from "./origin-check.ts";
export { consume, type LimitResult, type LimitRule, refund, signInLimits } from "./rate-limit.ts";
export {
  ACTIVATION_SIGN_IN_PATH,
  PASSKEY_SIGN_IN_PATH,
  RECOVERY_SIGN_IN_PATH,
  SSO_SIGN_IN_PATH,
} from "./server-sign-in.ts";
export { DEVICE_HEADER, deviceCookie, deviceOf } from "./sign-in-device.ts";
export {
  type Company,
  findViewer,
  forgetCaller,
  type RememberedCaller,
  recheckColumnsSql,
  recheckSql,
  requireCompanyManager,
  requireRole,
  requireUser,
  type Viewer,
} from "./viewer.ts";
