/**
 * An app on a fresh database for one test file: PGlite from the migrated
 * template, or a throwaway database on the server of TEST_DATABASE_URL.
 * Mail is captured in memory unless the test passes its own mailer.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import postgres from "postgres";
import { inject } from "vitest";
import { buildApp } from "#server/app.ts";
import { type Database, openDatabase } from "#server/db/client.ts";
import { parseEnv } from "#server/env.ts";
import { INVITE_MAIL_JOB } from "#server/features/invites/invites.ts";
import { runDueJobs } from "#server/jobs/runner.ts";
import { type Mail, type Mailer, trackingMailer } from "#server/mail/mailer.ts";
import type { Storage } from "#server/storage/storage.ts";

export const TEST_ORIGIN = "http://localhost:3000";

async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    return openDatabase({ kind: "pglite", loadDataDir: readFileSync(inject("pgliteTemplate")) });
  }
  const name = `sereno_test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  // A clone of the run's migrated template with the catalogue (tests/api/global-setup.ts): no migrations per file.
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${inject("postgresTemplate")}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: target.toString(), max: 20 });
  return {
    ...database,
    async close() {
      await database.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A clock tests can move: `clock.set("2026-03-10T23:30:00-03:00")`. */
export function testClock(start = "2026-11-22T12:00:00-03:00") {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (at: string) => {
      current = new Date(at);
    },
  };
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    mailer?: Mailer;
    now?: () => Date;
    storage?: Storage;
    /** A real logger (server/logger.ts) for tests that read the log; silent otherwise. */
    logger?: FastifyBaseLogger;
    /** Extra routes a test needs, added before the app is ready. */
    addRoutes?: (app: FastifyInstance) => void;
  } = {},
) {
  const database = await openTestDatabase();
  const mails: Mail[] = [];
  const mailer = options.mailer ?? trackingMailer(async (mail) => void mails.push(mail));
  // Each test app keeps its files in its own temporary folder.
  const dataDir = mkdtempSync(path.join(tmpdir(), "sereno-data-"));
  const env = parseEnv({
    NODE_ENV: "test",
    APP_URL: TEST_ORIGIN,
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    // The Canal tests write dozens of cases as one member; the limit's own test sets it (docs/decisions/063).
    LISTENING_CASES_PER_PERSON_HOUR: "1000",
    LISTENING_CASES_PER_COMPANY_HOUR: "1000",
    ...options.env,
  });
  const app = await buildApp({
    env,
    database,
    mailer,
    secret: "test-secret-test-secret-test-secret!",
    web: null,
    now: options.now,
    storage: options.storage,
    logger: options.logger,
  });
  options.addRoutes?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    kind: database.kind,
    mails,
    mailer,
    dataDir,
    /** Runs the jobs due at `at`, as main.ts's runner does when its bell rings. */
    runJobs: (at = app.deps.now()) => runDueJobs({ db: database.db, definitions: app.deps.jobs, now: at }),
    /** Sends the invitations' e-mails due now (their `invite-mail` jobs) and no other job. */
    deliverInvites: () =>
      runDueJobs({
        db: database.db,
        definitions: app.deps.jobs.filter((job) => job.name === INVITE_MAIL_JOB),
        now: app.deps.now(),
      }),
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
