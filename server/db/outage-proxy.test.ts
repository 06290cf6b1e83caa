/**
 * PostgreSQL going away under load (docs/decisions/018): through a TCP proxy
 * we can cut, requests answer 503 (never 500, never a false 2xx) while the
 * database is unreachable, and 200 again once it is back. Runs only with
 * TEST_DATABASE_URL; the shared server itself is never stopped.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { type Database, openDatabase } from "#server/db/client.ts";
import { parseEnv } from "#server/env.ts";
import { trackingMailer } from "#server/mail/mailer.ts";
import { signedInPerson } from "#tests/api/sessions.ts";
import { TEST_ORIGIN } from "#tests/api/test-app.ts";

const url = process.env.TEST_DATABASE_URL;

function cuttableProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  let port = 0;
  return {
    server,
    async listen() {
      await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
      port = (server.address() as net.AddressInfo).port;
      return port;
    },
    /** Like PostgreSQL stopping: open connections drop, new ones are refused. */
    cut() {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
    async restore() {
      if (!server.listening) await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    },
  };
}

describe.runIf(url)("PostgreSQL outage through a proxy", () => {
  const name = `sereno_test_${randomBytes(6).toString("hex")}`;
  let admin: postgres.Sql;
  let database: Database;
  let proxy: ReturnType<typeof cuttableProxy>;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    admin = postgres(url as string, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const direct = new URL(url as string);
    direct.pathname = `/${name}`;
    await (await openDatabase({ kind: "postgres", url: direct.toString(), max: 1 })).close();
    proxy = cuttableProxy(direct);
    const through = new URL(direct);
    through.hostname = "127.0.0.1";
    through.port = String(await proxy.listen());
    database = await openDatabase({ kind: "postgres", url: through.toString(), max: 5 });
    app = await buildApp({
      env: parseEnv({
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "sereno-data-")),
        APP_URL: TEST_ORIGIN,
      }),
      database,
      mailer: trackingMailer(async () => {}),
      secret: "test-secret-test-secret-test-secret!",
      web: null,
    });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await proxy?.restore();
    await app?.close();
    await database?.close();
    proxy?.server.close();
    await admin?.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
  });

  it("answers 503 while the database is gone and recovers when it is back", async () => {
    const person = await signedInPerson(app, database.db);
    expect((await person.as({ method: "GET", url: "/api/check-ins/today" })).statusCode).toBe(200);

    proxy.cut();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const responses = await Promise.all([
        person.as({ method: "GET", url: "/api/check-ins/today" }),
        person.as({ method: "PATCH", url: "/api/me", payload: { name: `Nome ${i}` } }),
        app.inject({ method: "GET", url: "/api/health" }),
      ]);
      for (const response of responses) {
        statuses.push(response.statusCode);
        if (response.statusCode === 503) expect(response.headers["retry-after"]).toBeTruthy();
      }
    }
    expect(statuses.every((status) => status === 503)).toBe(true);

    await proxy.restore();
    let recovered = 0;
    for (let attempt = 0; attempt < 60 && recovered !== 200; attempt++) {
      recovered = (await person.as({ method: "GET", url: "/api/check-ins/today" })).statusCode;
      if (recovered !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(recovered).toBe(200);
  }, 120_000);
});
