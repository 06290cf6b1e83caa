/**
 * The public module of audit: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/audit/ is private to it; tests may reach inside.
 */
export { recordAccessEvent } from "./access-events.ts";
export { actorMatriculaSql } from "./actor-matricula.ts";
export { auditRoutes } from "./audit.routes.ts";
export type { AuditAction } from "./audit.ts";
export { type ReadAction, readEntriesSql, writeAudit } from "./audit.ts";
export { recordRefusals } from "./refusal-events.ts";
export { recordFailedSignIn, signInEventHooks } from "./sign-in-events.ts";
