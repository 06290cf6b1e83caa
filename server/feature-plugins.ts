/**
 * What the product is made of: each feature's one plugin (docs/decisions/037), registered by buildApp
 * (server/app.ts) in this order, and each feature's jobs (its <name>.jobs.ts), which main.ts runs and /admin
 * lists in this order. Add a feature here: its plugin in `registerFeatures`, its jobs in `productJobs`.
 */
import type { FastifyInstance } from "fastify";
import type { Db } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import { activationPlugin } from "#server/features/activation/index.ts";
import { adminPlugin } from "#server/features/admin/index.ts";
import { auditRoutes, recordFailedSignIn } from "#server/features/audit/index.ts";
import { type Auth, authRoutes } from "#server/features/auth/index.ts";
import { careJobs, carePlugin } from "#server/features/care/index.ts";
import { checkInRoutes } from "#server/features/check-ins/index.ts";
import { compliancePlugin } from "#server/features/compliance/index.ts";
import { contentRoutes } from "#server/features/content/index.ts";
import { dossierPlugin } from "#server/features/dossier/index.ts";
import { exerciseAdminRoutes } from "#server/features/exercise-admin/index.ts";
import { exerciseRoutes } from "#server/features/exercises/index.ts";
import { groupSessionJobs, groupSessionPlugin } from "#server/features/group-sessions/index.ts";
import { inviteJobs, inviteRoutes } from "#server/features/invites/index.ts";
import { listeningJobs, listeningPlugin } from "#server/features/listening/index.ts";
import { msteamsJobs, msteamsPlugin } from "#server/features/msteams/index.ts";
import { notificationJobs, notificationPlugin, type VapidKeys } from "#server/features/notifications/index.ts";
import { passkeyRoutes, recoveryRoutes } from "#server/features/passkeys/index.ts";
import { privacyRightsRoutes } from "#server/features/privacy-rights/index.ts";
import { progressRoutes } from "#server/features/progress/index.ts";
import { reportJobs, reportRoutes } from "#server/features/reports/index.ts";
import { resultadosJobs, resultadosPlugin } from "#server/features/resultados/index.ts";
import { rewardPlugin } from "#server/features/rewards/index.ts";
import { riskJobs, riskPlugin } from "#server/features/risks/index.ts";
import { rosterJobs, rosterPlugin } from "#server/features/roster/index.ts";
import { scimPlugin } from "#server/features/scim/index.ts";
import { settingsPlugin } from "#server/features/settings/index.ts";
import { refusePasswordWhenSsoOnly, ssoPlugin } from "#server/features/sso/index.ts";
import { teamInviteRoutes, teamRoutes } from "#server/features/teams/index.ts";
import { whatsappJobs, whatsappPlugin } from "#server/features/whatsapp/index.ts";
import { who5Jobs, who5Routes } from "#server/features/who5/index.ts";
import { retentionJobs } from "#server/jobs/retention.ts";
import type { JobBell, JobDefinition } from "#server/jobs/runner.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import type { Storage } from "#server/storage/storage.ts";

/**
 * Every feature's routes. A feature registers its own route files, and the plugins whose routes take files
 * their own multipart parser, so no feature needs more than its line here.
 */
export async function registerFeatures(app: FastifyInstance, { auth, db, env }: { auth: Auth; db: Db; env: Env }) {
  await app.register(authRoutes, {
    auth,
    db,
    googleEnabled: Boolean(env.GOOGLE_CLIENT_ID),
    https: env.APP_URL.startsWith("https://"),
    hooks: { beforePasswordSignIn: refusePasswordWhenSsoOnly, failedSignIn: recordFailedSignIn },
  });
  await app.register(settingsPlugin);
  await app.register(notificationPlugin);
  await app.register(privacyRightsRoutes);
  await app.register(checkInRoutes);
  await app.register(exerciseRoutes);
  await app.register(contentRoutes);
  await app.register(progressRoutes);
  await app.register(who5Routes);
  await app.register(teamRoutes);
  await app.register(teamInviteRoutes);
  await app.register(adminPlugin);
  await app.register(auditRoutes);
  await app.register(inviteRoutes);
  await app.register(reportRoutes);
  await app.register(rewardPlugin);
  await app.register(groupSessionPlugin);
  await app.register(carePlugin);
  await app.register(exerciseAdminRoutes);
  await app.register(riskPlugin);
  await app.register(rosterPlugin);
  await app.register(passkeyRoutes);
  await app.register(recoveryRoutes);
  await app.register(activationPlugin);
  await app.register(listeningPlugin);
  await app.register(compliancePlugin);
  await app.register(dossierPlugin);
  await app.register(scimPlugin);
  await app.register(ssoPlugin);
  await app.register(resultadosPlugin);
  await app.register(whatsappPlugin);
  await app.register(msteamsPlugin);
}

/** What the jobs' factories may take from the app. */
type JobDeps = {
  env: Env;
  mailer: Mailer;
  unsubscribeKey: Buffer;
  privacyKey: Buffer;
  vapid: VapidKeys;
  jobBell: JobBell;
  storage: Storage;
  ssoKey: Buffer;
  secret: string;
};

/** The product's jobs, in the order /admin lists them. */
export function productJobs(deps: JobDeps): JobDefinition[] {
  return [
    retentionJobs,
    notificationJobs,
    reportJobs,
    groupSessionJobs,
    careJobs,
    riskJobs,
    inviteJobs,
    rosterJobs,
    listeningJobs,
    who5Jobs,
    resultadosJobs,
    whatsappJobs,
    msteamsJobs,
  ].flatMap((jobsOf) => jobsOf(deps));
}
