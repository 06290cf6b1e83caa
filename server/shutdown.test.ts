import { mkdtempSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { serverMessages } from "#core/server-messages.ts";
import { buildApp } from "#server/app.ts";
import { openDatabase, rowsOf } from "#server/db/client.ts";
import { parseEnv } from "#server/env.ts";
import { publicAccess } from "#server/features/auth/access.ts";
import { trackingMailer } from "#server/mail/mailer.ts";
import { closeGracefully } from "./shutdown.ts";

/** Resolves once `condition` holds: shutdown has begun when the server stops listening. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

/** An app with GET /api/test-slow: `started` once it is running, answering 42 (from the database) after `release()`. */
async function appWithSlowRoute() {
  const database = await openDatabase({ kind: "pglite" });
  const app = await buildApp({
    env: parseEnv({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "sereno-data-")),
    }),
    database,
    mailer: trackingMailer(async () => {}),
    secret: "test-secret-test-secret-test-secret!",
    web: null,
  });
  let release: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    app.get("/api/test-slow", { config: { access: publicAccess } }, async () => {
      resolve();
      await new Promise<void>((done) => {
        release = done;
      });
      const [row] = rowsOf<{ answer: number }>(await database.db.execute(sql`select 42 as answer`));
      return { answer: row?.answer };
    });
  });
  return { database, app, started, release: () => release() };
}

describe("graceful shutdown", () => {
  it("lets an in-flight request finish, then closes the database", async () => {
    const { database, app, started, release } = await appWithSlowRoute();
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const inFlight = fetch(`${address}/api/test-slow`);
    await started;
    const closing = closeGracefully(
      app,
      trackingMailer(async () => {}),
      database,
    );
    await until(() => !app.server.listening);
    await expect(fetch(`${address}/api/health`)).rejects.toThrow(); // no new connections
    release();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ answer: 42 });
    await closing;
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow(); // closed after the request
  });

  it("answers a new request on an open connection with a pt-BR 503 while the in-flight one finishes", async () => {
    const { database, app, started, release } = await appWithSlowRoute();
    let markRefused: () => void = () => {};
    const refused = new Promise<void>((resolve) => {
      markRefused = resolve;
    });
    app.addHook("onSend", async (_request, reply) => {
      if (reply.statusCode === 503) markRefused();
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as net.AddressInfo;
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => {
      received += chunk.toString("utf8");
    });
    const ended = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    socket.write("GET /api/test-slow HTTP/1.1\r\nHost: x\r\n\r\n");
    await started;
    const closing = closeGracefully(
      app,
      trackingMailer(async () => {}),
      database,
    );
    // Shutdown has begun; a second request arrives on the same, busy connection and is refused.
    await until(() => !app.server.listening);
    socket.write("GET /api/config HTTP/1.1\r\nHost: x\r\n\r\n");
    await refused;
    release();
    await ended;
    await closing;
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expect(received).toContain('{"answer":42}');
    expect(received).toContain("HTTP/1.1 503");
    expect(received).toContain(serverMessages.serviceUnavailable);
    expect(received.toLowerCase()).toContain("retry-after: 5");
  }, 60_000);

  it("behind a balancer, drains first: /api/health says 503 while requests are still served, then it closes", async () => {
    const { database, app } = await appWithSlowRoute();
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    expect((await fetch(`${address}/api/health`)).status).toBe(200);
    const closing = closeGracefully(
      app,
      trackingMailer(async () => {}),
      database,
      undefined,
      1_000,
    );
    const health = await fetch(`${address}/api/health`);
    expect(health.status).toBe(503);
    expect(health.headers.get("retry-after")).toBe("5");
    expect(await health.json()).toMatchObject({ status: "draining", database: "ok" });
    // Still serving everything else, on new connections too, until the balancer has taken it out.
    const config = await fetch(`${address}/api/config`, { headers: { connection: "close" } });
    expect(config.status).toBe(200);
    expect(app.server.listening).toBe(true);
    await closing;
    expect(app.server.listening).toBe(false);
    await expect(fetch(`${address}/api/health`)).rejects.toThrow();
  });
});
