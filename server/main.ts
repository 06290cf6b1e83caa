/**
 * The process: reads the environment, opens the database (migrating it),
 * makes sure an admin exists, serves on HOST:PORT, runs the job loop
 * (docs/decisions/016) and shuts down cleanly on SIGTERM/SIGINT (in-flight
 * requests and the running job finish, then the database closes).
 */
// First, on its own: the embedded database's thread starts while the modules below load.
import "#server/early-start.ts";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildApp } from "#server/app.ts";
import { serveBackupSocket } from "#server/backup-socket.ts";
import { connectDatabase } from "#server/db/client.ts";
import { checkDatabase, nonDurableSettings } from "#server/db/health.ts";
import { templatePath } from "#server/db/template-unpack.ts";
import { takeEarlyPglite } from "#server/early-start.ts";
import { isDpoPlaceholder, parseEnv, ssoKeyBytes } from "#server/env.ts";
import { ensureAdmin } from "#server/features/auth/index.ts";
import { moveLegacyEvidence } from "#server/features/risks/index.ts";
import { startJobRunner } from "#server/jobs/runner.ts";
import { createLogger } from "#server/logger.ts";
import { createMailer } from "#server/mail/mailer.ts";
import { serveMetrics } from "#server/metrics/metrics-server.ts";
import { loadStarterCatalogue } from "#server/seed/catalogue.ts";
import { DEMO_LISTENING_HANDLER, DEMO_PASSWORD, seedDemo } from "#server/seed/demo.ts";
import { demoPsychologists, seedDemoCare } from "#server/seed/demo-care.ts";
import { closeGracefully } from "#server/shutdown.ts";
import { framed, startBannerLines } from "#server/start-banner.ts";
import { loadWebBuild } from "#server/web-build.ts";

/** Milliseconds of each start-up step (wall, and CPU of all threads), logged with 'Sereno is up' (docs/decisions/021). */
const steps: Record<string, [wall: number, cpu: number]> = {
  modules: [Math.round(performance.now()), Math.round(cpuMs())],
};
let stepStart = [performance.now(), cpuMs()] as const;
function cpuMs() {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}
function step(name: string) {
  const now = [performance.now(), cpuMs()] as const;
  steps[name] = [Math.round(now[0] - stepStart[0]), Math.round(now[1] - stepStart[1])];
  stepStart = now;
}

const env = parseEnv();
const log = createLogger({ level: env.LOG_LEVEL });

/** AUTH_SECRET, or one generated on first start and kept in DATA_DIR. */
function loadSecret(): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(env.DATA_DIR, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** SSO_ENCRYPTION_KEY, or (outside production, which requires it) one generated on first start and kept in DATA_DIR. */
function loadSsoKey(): Buffer {
  if (env.SSO_ENCRYPTION_KEY) return ssoKeyBytes(env.SSO_ENCRYPTION_KEY) as Buffer;
  const file = path.join(env.DATA_DIR, "sso-encryption-key");
  if (existsSync(file)) return Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  mkdirSync(env.DATA_DIR, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString("base64"), { mode: 0o600 });
  return key;
}

if (isDpoPlaceholder(env)) {
  log.warn("DPO_NAME and DPO_EMAIL are placeholders: set the encarregado (LGPD art. 41) before going live");
}

const started = Date.now();
const embeddedDir = path.join(env.DATA_DIR, "db");
// The app is built while the embedded database finishes starting (docs/decisions/021); nothing queries before `migrated`.
const { database, migrated } = await connectDatabase(
  env.DATABASE_URL
    ? { kind: "postgres", url: env.DATABASE_URL, max: env.DATABASE_POOL_SIZE }
    : {
        kind: "pglite",
        // Started before the modules loaded (server/early-start.ts); here only if DATA_DIR read differently.
        thread: takeEarlyPglite(embeddedDir),
        dataDir: embeddedDir,
        templateDir: templatePath(import.meta.dirname),
      },
);
const mailer = createMailer({
  smtpUrl: env.SMTP_URL,
  from: env.MAIL_FROM,
  outboxDir: path.join(env.DATA_DIR, "outbox"),
  log,
});
const web = loadWebBuild(path.resolve("build/client"), env);
if (!web) log.warn("no web build found in build/client: run `npm run build` (npm start does it for you)");
step("webBuild");
const secret = loadSecret();
const app = await buildApp({ env, database, mailer, secret, ssoKey: loadSsoKey(), web, logger: log });
step("app");
await migrated;
step("database");
const nonDurable = nonDurableSettings(await checkDatabase(database.db, 10_000), database.kind);
if (nonDurable.length > 0) {
  // docs/decisions/018: an acknowledged check-in could be lost in a crash. /api/health reports 'degraded' too.
  const settings = nonDurable.join(" e ");
  if (env.ALLOW_NON_DURABLE_DATABASE !== "1") {
    log.fatal(
      `O Sereno não vai iniciar: o PostgreSQL está com ${settings}, e check-ins confirmados podem se perder numa queda. Ative a durabilidade no servidor ou, se aceita o risco (testes, CI), defina ALLOW_NON_DURABLE_DATABASE=1.`,
    );
    await database.close();
    process.exit(1);
  }
  log.warn(
    `ATENÇÃO: o PostgreSQL está com ${settings} (aceito por ALLOW_NON_DURABLE_DATABASE=1): check-ins confirmados podem se perder numa queda.`,
  );
}
step("durabilityCheck");

const catalogue = await loadStarterCatalogue(database.db);
if (catalogue.exercises || catalogue.content) log.info(catalogue, "starter catalogue loaded");
step("catalogue");
const admin = await ensureAdmin(database.db, env);
// A generated password is printed once, on purpose, to the console only (never to the log stream), in the
// framed block that ends the start (server/start-banner.ts).
const generatedAdmin =
  admin.created && admin.generatedPassword ? { email: admin.email, password: admin.generatedPassword } : undefined;
if (admin.created && !admin.generatedPassword) {
  // E-mail addresses only at debug level (docs/decisions/016).
  log.info("admin account created");
  log.debug({ email: admin.email }, "admin account e-mail");
}

if (env.DEMO === "1") {
  const demo = await seedDemo(database.db);
  await seedDemoCare(database.db);
  console.log(
    `\n  Empresa Demo ${demo.created ? "criada" : "já existe"}. Logins (senha: ${DEMO_PASSWORD}):\n${demo.logins
      .map(
        (login, i) =>
          `    ${i === 0 ? "gestora" : "membro "}  ${login.email}  (${login.name}${login.email === DEMO_LISTENING_HANDLER.email ? ", responsável pelo Canal de escuta" : ""})`,
      )
      .join(
        "\n",
      )}\n${demoPsychologists.map((psi) => `    psicólogo(a)  ${psi.email}  (${psi.fullName})`).join("\n")}\n`,
  );
}

step("admin");
await app.listen({ port: env.PORT, host: env.HOST });
step("listen");
// Prometheus's scrape on its own port, 127.0.0.1 unless told otherwise (docs/decisions/065).
const metricsServer =
  app.deps.metrics && env.METRICS_PORT
    ? await serveMetrics({
        registry: app.deps.metrics.registry,
        port: env.METRICS_PORT,
        host: env.METRICS_HOST,
        token: env.METRICS_TOKEN,
        log,
      })
    : undefined;
// `npm run backup` asks this process for the embedded database's snapshot (docs/decisions/075).
const backupSocket = database.copyDataDir
  ? await serveBackupSocket({ dataDir: env.DATA_DIR, copy: database.copyDataDir, log })
  : undefined;
log.info({ url: env.APP_URL, database: database.kind, ms: Date.now() - started, steps }, "Sereno is up");
// Without APP_URL every address of this machine works (server/env.ts); say which, so the LAN one is findable.
const addresses = process.env.APP_URL?.trim()
  ? [env.APP_URL]
  : env.TRUSTED_ORIGINS.filter((origin) => !origin.includes("["));
// The framed block ends the start (README): pino writes asynchronously, so 'Sereno is up' would land under the
// block; print it once the log lines before it are out (issue 45, minor list).
await new Promise<void>((resolve) => log.flush(() => resolve()));
console.log(`\n${framed(startBannerLines({ addresses, admin: generatedAdmin }))}\n`);
// Retention and every other job: polled every 30 s, claimed safely by any number of processes.
const jobRunner = startJobRunner({
  db: database.db,
  definitions: app.deps.jobs,
  log,
  firstTickMs: 1_000,
  bell: app.deps.jobBell,
});
// Evidence files stored before docs/decisions/030 leave the public media folder, in the background.
moveLegacyEvidence(database.db, app.deps.storage, log).catch((error: unknown) =>
  log.error(
    { err: error },
    "moving legacy evidence files failed: they stay refused at /media/ and are retried at the next start",
  ),
);

let closing = false;
/** Finishes in-flight requests, then exits with `exitCode`, or 1 if that takes over 15 s or fails. */
async function shutdown(signal: string, exitCode = 0) {
  if (closing) return;
  closing = true;
  log.info({ signal }, "shutting down: finishing in-flight requests");
  const timer = setTimeout(
    () => {
      log.error("shutdown took too long; exiting");
      process.exit(1);
    },
    15_000 + env.SHUTDOWN_DRAIN_SECONDS * 1000,
  );
  timer.unref();
  try {
    await backupSocket?.close();
    // Behind a balancer, SHUTDOWN_DRAIN_SECONDS of /api/health saying 503 before it stops listening (docs/decisions/073).
    await closeGracefully(app, mailer, database, jobRunner, env.SHUTDOWN_DRAIN_SECONDS * 1000);
    await metricsServer?.close();
    log.info("closed cleanly");
    process.exit(exitCode);
  } catch (error) {
    log.error({ err: error }, "error while shutting down");
    process.exit(1);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
// The embedded database's thread stopped: every request would answer 503 until a restart, so exit and let
// the supervisor (systemd, Docker, the platform) start a fresh process on the same data (docs/decisions/018).
void database.lost?.then((error) => {
  log.fatal({ err: error }, "o banco de dados embutido parou; encerrando para que o processo seja reiniciado");
  void shutdown("database-lost", 1);
});
