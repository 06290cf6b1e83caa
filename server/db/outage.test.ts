/** A database that cannot be reached answers 503 with Retry-After, quickly, never a 500 (docs/decisions/018). */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverMessages } from "#core/server-messages.ts";
import { buildApp } from "#server/app.ts";
import { classifyDatabaseError } from "#server/db/db-errors.ts";
import * as schema from "#server/db/schema/index.ts";
import { parseEnv } from "#server/env.ts";
import { trackingMailer } from "#server/mail/mailer.ts";
import { TEST_ORIGIN } from "#tests/api/test-app.ts";

let app: Awaited<ReturnType<typeof buildApp>>;
let client: postgres.Sql;
beforeAll(async () => {
  // Port 9 on loopback: nothing listens, every connection is refused.
  client = postgres("postgres://nobody@127.0.0.1:9/none", { max: 1, connect_timeout: 2, onnotice: () => {} });
  app = await buildApp({
    env: parseEnv({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "sereno-data-")),
      APP_URL: TEST_ORIGIN,
    }),
    database: { db: drizzle({ client, schema }), kind: "postgres", close: () => client.end() },
    mailer: trackingMailer(async () => {}),
    secret: "test-secret-test-secret-test-secret!",
    web: null,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await client.end({ timeout: 1 });
});

describe("database outage", () => {
  it("reports the database on /api/health with a 503 and Retry-After", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe("5");
    expect(response.json()).toMatchObject({ status: "unavailable", database: "unavailable" });
  });

  it("answers a request that needs the database with 503 'Serviço temporariamente indisponível'", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
      payload: { email: "ana@exemplo.com.br", password: "calma-e-cafe-2026" },
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe("5");
    expect(response.json().error.message).toBe(serverMessages.serviceUnavailable);
  });

  it("tells outages, bad data and bugs apart through drizzle's wrapping", () => {
    const wrapped = (code: string) =>
      Object.assign(new Error("query failed"), { cause: Object.assign(new Error("x"), { code }) });
    expect(classifyDatabaseError(wrapped("ECONNREFUSED"))).toBe("unavailable");
    expect(classifyDatabaseError(wrapped("CONNECT_TIMEOUT"))).toBe("unavailable");
    expect(classifyDatabaseError(wrapped("57P01"))).toBe("unavailable");
    expect(classifyDatabaseError(wrapped("57014"))).toBe("unavailable");
    // A write that reached a standby (a failover under way): try again, the primary is coming.
    expect(classifyDatabaseError(wrapped("25006"))).toBe("unavailable");
    expect(classifyDatabaseError(wrapped("22021"))).toBe("bad-data");
    expect(classifyDatabaseError(wrapped("22P02"))).toBe("bad-data");
    expect(classifyDatabaseError(wrapped("42P01"))).toBeNull();
    expect(classifyDatabaseError(new Error("plain"))).toBeNull();
  });
});
