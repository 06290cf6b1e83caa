/**
 * The public module of roster: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/roster/ is private to it; tests may reach inside.
 */

export { apiKeyRoutes } from "./api-keys.routes.ts";
export { hashApiKey, makeApiKey, resultadosKey } from "./api-keys.ts";
export { applyPlan, transaction } from "./apply-plan.ts";
export { cpfKeyFrom, hashCpf } from "./cpf-hash.ts";
export { findLeaverByDataLink } from "./leaver-mail.ts";
export { rosterJobs } from "./roster.jobs.ts";
export { rosterPlugin } from "./roster.plugin.ts";
