// The whole schema, for drizzle-kit and for drizzle's typed queries.

export * from "./audit-log.ts";
export * from "./auth.ts";
export * from "./care.ts";
export * from "./companies.ts";
export * from "./company-daily-stats.ts";
export * from "./company-memberships.ts";
export * from "./consent-events.ts";
export * from "./content.ts";
export * from "./disclosed-figures.ts";
export * from "./exercises.ts";
export * from "./group-sessions.ts";
export * from "./invites.ts";
export * from "./jobs.ts";
export * from "./passkeys.ts";
export * from "./profiles.ts";
export * from "./psychosocial-risks.ts";
export * from "./published-daily-buckets.ts";
export * from "./push-subscriptions.ts";
export * from "./rate-limits.ts";
export * from "./rewards.ts";
export * from "./roster.ts";
export * from "./roster-api.ts";
export * from "./sso.ts";
export * from "./storage-config.ts";
export * from "./user-progress.ts";
