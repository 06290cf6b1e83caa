/**
 * buildApp(deps): the whole HTTP application, without listening. Tests call
 * it with their own database and mailer; main.ts with the real ones. Add a
 * feature by registering its one plugin here, and its jobs (<name>.jobs.ts) in `jobs`.
 */
import "#core/zod-locale.ts";
import swagger from "@fastify/swagger";
import Fastify, { type FastifyBaseLogger, LogController } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { localDay } from "#core/dates.ts";
import { serverMessages } from "#core/server-messages.ts";
import type { Database, Db } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import {
  AppError,
  handleClientError,
  handleFrameworkError,
  registerErrorHandler,
  UNAVAILABLE_RETRY_SECONDS,
} from "#server/errors.ts";
import { activationPlugin } from "#server/features/activation/index.ts";
import { adminPlugin } from "#server/features/admin/index.ts";
import { auditRoutes, recordFailedSignIn, recordRefusals, signInEventHooks } from "#server/features/audit/index.ts";
import {
  type Auth,
  authRoutes,
  createAuth,
  findViewer,
  registerAccess,
  registerOriginCheck,
  type Viewer,
} from "#server/features/auth/index.ts";
import { careJobs, carePlugin } from "#server/features/care/index.ts";
import { checkInRoutes, hasCheckedIn } from "#server/features/check-ins/index.ts";
import { compliancePlugin } from "#server/features/compliance/index.ts";
import { contentRoutes } from "#server/features/content/index.ts";
import { privacyKeyFrom } from "#server/features/disclosure/index.ts";
import { dossierPlugin } from "#server/features/dossier/index.ts";
import { exerciseAdminRoutes } from "#server/features/exercise-admin/index.ts";
import { exerciseRoutes } from "#server/features/exercises/index.ts";
import { groupSessionJobs, groupSessionPlugin } from "#server/features/group-sessions/index.ts";
import { inviteJobs, inviteRoutes } from "#server/features/invites/index.ts";
import { listeningJobs, listeningPlugin } from "#server/features/listening/index.ts";
import { msteamsJobs, msteamsPlugin } from "#server/features/msteams/index.ts";
import {
  loadVapidKeys,
  notificationJobs,
  notificationPlugin,
  unsubscribeKeyFrom,
  type VapidKeys,
} from "#server/features/notifications/index.ts";
import { passkeyRoutes, recoveryRoutes } from "#server/features/passkeys/index.ts";
import { privacyRightsRoutes } from "#server/features/privacy-rights/index.ts";
import { progressRoutes } from "#server/features/progress/index.ts";
import { reportJobs, reportRoutes } from "#server/features/reports/index.ts";
import { resultadosJobs, resultadosPlugin } from "#server/features/resultados/index.ts";
import { rewardPlugin } from "#server/features/rewards/index.ts";
import { riskJobs, riskPlugin } from "#server/features/risks/index.ts";
import { cpfKeyFrom, rosterJobs, rosterPlugin } from "#server/features/roster/index.ts";
import { handleScimFrameworkError, isScimPath, scimPlugin } from "#server/features/scim/index.ts";
import { settingsPlugin } from "#server/features/settings/index.ts";
import { refusePasswordWhenSsoOnly, ssoKeyFromSecret, ssoPlugin } from "#server/features/sso/index.ts";
import { teamInviteRoutes, teamRoutes } from "#server/features/teams/index.ts";
import { whatsappJobs, whatsappPlugin } from "#server/features/whatsapp/index.ts";
import { who5Jobs, who5Routes } from "#server/features/who5/index.ts";
import { retentionJobs } from "#server/jobs/retention.ts";
import { createJobBell, type JobBell, type JobDefinition } from "#server/jobs/runner.ts";
import type { Mailer } from "#server/mail/mailer.ts";
import { createMetrics, type Metrics } from "#server/metrics/metrics.ts";
import { registerSecurityHeaders } from "#server/security-headers.ts";
import { staticSite } from "#server/static-site.ts";
import { mediaFiles } from "#server/storage/media-files.ts";
import { openStorage } from "#server/storage/open-storage.ts";
import { prepareStorage } from "#server/storage/prepare-storage.ts";
import type { Storage } from "#server/storage/storage.ts";
import { systemRoutes } from "#server/system.routes.ts";
import type { WebBuild } from "#server/web-build.ts";

export type AppDeps = {
  env: Env;
  database: Database;
  mailer: Mailer;
  secret: string;
  /** Encrypts the companies' SSO client secrets (SSO_ENCRYPTION_KEY); tests leave it out (derived from `secret`). */
  ssoKey?: Buffer;
  web: WebBuild | null;
  logger?: FastifyBaseLogger;
  /** File storage for exercise media; defaults to what the environment says (disk or S3). */
  storage?: Storage;
  /** The clock; tests pass their own to cross day boundaries. */
  now?: () => Date;
};

declare module "fastify" {
  interface FastifyInstance {
    deps: {
      db: Db;
      auth: Auth;
      /** The app secret: better-auth signs session cookies with it; the viewer checks them (session-lookup.ts). */
      secret: string;
      env: Env;
      mailer: Mailer;
      storage: Storage;
      now: () => Date;
      /** Keys the stored noise draws of published mood figures (docs/decisions/014). */
      privacyKey: Buffer;
      /** Keys the CPF hashes of imported people (issue 33): a leaked table cannot be reversed without it. */
      cpfKey: Buffer;
      /** Signs the unsubscribe links of e-mails (docs/decisions/019). */
      unsubscribeKey: Buffer;
      /** Encrypts the companies' SSO client secrets at rest (docs/decisions/047). */
      ssoKey: Buffer;
      /** Web Push's VAPID key pair, made in DATA_DIR on first start (docs/decisions/027). */
      vapid: VapidKeys;
      /** The product's jobs, each feature's from its <name>.jobs.ts: main.ts runs them, /admin lists them in this order. */
      jobs: JobDefinition[];
      /** Rung after enqueuing a job due now (an invitation's e-mail): main.ts's runner runs it at once. */
      jobBell: JobBell;
      /** Prometheus's series when METRICS_PORT is set (docs/decisions/065); main.ts serves them. */
      metrics?: Metrics;
      /** main.ts sets it on SIGTERM: /api/health answers 503 so the balancer stops sending (docs/decisions/073). */
      lifecycle: { draining: boolean };
    };
  }
  interface FastifyRequest {
    viewer?: Viewer | null;
  }
}

export async function buildApp(deps: AppDeps) {
  const { env, database, web } = deps;
  // Without METRICS_PORT nothing is counted: a request pays for no series nobody scrapes.
  const metrics = env.METRICS_PORT
    ? createMetrics({
        db: database.db,
        jobs: () => app.deps.jobs,
        now: () => app.deps.now(),
        poolSize: env.DATABASE_URL ? env.DATABASE_POOL_SIZE : undefined,
      })
    : undefined;
  const mailer = metrics ? metrics.countMailFailures(deps.mailer) : deps.mailer;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    genReqId: () => crypto.randomUUID(),
    // One line per request, written when it ends (below), instead of Fastify's two (docs/decisions/021).
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    // Under /scim/v2 even a malformed URL answers in SCIM's error schema (RFC 7644 §3.12).
    frameworkErrors: (error, request, reply) =>
      isScimPath(request.url)
        ? handleScimFrameworkError(error, request, reply)
        : handleFrameworkError(error, request, reply),
    // Our own 503 below (pt-BR, Retry-After) answers requests that arrive while the app shuts down.
    return503OnClosing: false,
    clientErrorHandler: handleClientError,
    ...(env.TRUST_PROXY && { trustProxy: env.TRUST_PROXY.split(",").map((part) => part.trim()) }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const auth = createAuth({
    db: database.db,
    env,
    secret: deps.secret,
    mailer,
    onBackgroundError: (error) => app.log.error({ err: error }, "background mail failed"),
    log: app.log,
    sessionEvents: signInEventHooks(database.db, app.log),
  });
  const storage = deps.storage ?? openStorage(env);
  const unsubscribeKey = unsubscribeKeyFrom(deps.secret);
  const privacyKey = privacyKeyFrom(deps.secret);
  const vapid = loadVapidKeys(env);
  const jobBell = createJobBell();
  const ssoKey = deps.ssoKey ?? ssoKeyFromSecret(deps.secret);
  app.decorate("deps", {
    db: database.db,
    auth,
    secret: deps.secret,
    env,
    mailer,
    storage,
    now: deps.now ?? (() => new Date()),
    privacyKey,
    cpfKey: cpfKeyFrom(deps.secret),
    unsubscribeKey,
    ssoKey,
    vapid,
    jobs: [
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
    ].flatMap((jobsOf) =>
      jobsOf({ env, mailer, unsubscribeKey, privacyKey, vapid, jobBell, storage, ssoKey, secret: deps.secret }),
    ),
    jobBell,
    metrics,
    lifecycle: { draining: false },
  });
  app.decorateRequest("viewer", undefined);
  app.decorateRequest("caller", undefined);
  // Every route says who may call it; one without a declaration fails the start (docs/decisions/068).
  // The exercise media of server/storage/media-files.ts is public; it refuses the private paths itself.
  registerAccess(app, { publicFiles: "/media/" });
  // SIGTERM: requests already running finish; new ones on open connections get a 503 and a closed connection.
  let isClosing = false;
  app.addHook("preClose", async () => {
    isClosing = true;
  });
  app.addHook("onRequest", async (_request, reply) => {
    if (!isClosing) return;
    reply.header("connection", "close");
    throw new AppError("SERVICE_UNAVAILABLE", serverMessages.serviceUnavailable, {
      retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS,
    });
  });
  app.addHook("onResponse", async (request, reply) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
    metrics?.observe(request, reply);
  });
  registerOriginCheck(app, env.TRUSTED_ORIGINS, env.APP_URL);
  recordRefusals(app);
  const https = env.APP_URL.startsWith("https://");
  await registerSecurityHeaders(app, { web, storage, https });

  await app.register(swagger, {
    openapi: {
      info: { title: "Sereno API", version: "1.0.0", description: "API do Sereno (pt-BR)." },
      components: {
        securitySchemes: {
          cookie: { type: "apiKey", in: "cookie", name: "sereno.session_token" },
          bearer: { type: "http", scheme: "bearer" },
          // The API for HR systems (/api/v1, docs/decisions/044): a company's key, never a session.
          chaveApi: { type: "http", scheme: "bearer", description: "Chave da API de RH: sereno_live_…" },
          // SCIM provisioning (/scim/v2, docs/decisions/048): the company's token, never a session.
          tokenScim: { type: "http", scheme: "bearer", description: "Token SCIM da empresa: sereno_scim_…" },
        },
      },
      security: [{ cookie: [] }, { bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(systemRoutes, { database });

  // One plugin per feature (docs/decisions/037): a feature registers its own route files, and the
  // plugins whose routes take files their own multipart parser, so no feature needs a place in this list.
  await app.register(authRoutes, {
    auth,
    db: database.db,
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
  if (storage.root) await app.register(mediaFiles, { root: storage.root });
  app.addHook("onReady", async () => {
    await prepareStorage(storage, app.log);
  });
  await app.register(staticSite, {
    build: web,
    // No token, no query; an outage shows the visitor's page rather than an error.
    signedIn: (request) => findViewer(request).catch(() => null),
    frameReads: (_request, me) => ({
      checkedInToday: () => hasCheckedIn(database.db, me.id, localDay(app.deps.now(), me.timezone)),
    }),
  });
  return app;
}
