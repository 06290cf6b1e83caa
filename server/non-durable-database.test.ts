/**
 * Start-up refuses a PostgreSQL server that may lose an acknowledged check-in
 * (synchronous_commit or fsync off) unless ALLOW_NON_DURABLE_DATABASE=1
 * accepts it; the embedded PGlite, without fsync by design, is not refused
 * (docs/decisions/018). The real product (server/main.ts) as a child process:
 * on a database of TEST_DATABASE_URL's server with synchronous_commit off for
 * that database, or on PGlite when no server is given.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { type Product, startProduct } from "#tests/api/product-process.ts";

const serverUrl = process.env.TEST_DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), "sereno-durability-"));
const databaseName = `sereno_durability_${randomBytes(6).toString("hex")}`;
let admin: postgres.Sql | undefined;
let product: Product | undefined;

afterAll(async () => {
  await product?.stop();
  if (admin) {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

async function health(url: string) {
  return (await fetch(`${url}/api/health`)).json();
}

describe.skipIf(!serverUrl)("start-up on a PostgreSQL server with synchronous_commit off", () => {
  it("refuses, naming what is off and the variable that accepts it; starts with that variable", async () => {
    admin = postgres(serverUrl ?? "", { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${databaseName}`);
    await admin.unsafe(`ALTER DATABASE ${databaseName} SET synchronous_commit = off`);
    const target = new URL(serverUrl ?? "");
    target.pathname = `/${databaseName}`;
    const databaseUrl = target.toString();

    const refusal = await startProduct({ dataDir, databaseUrl, acceptNonDurable: false }).then(
      async (started) => {
        await started.stop();
        return "it started";
      },
      (error: Error) => error.message,
    );
    expect(refusal).toContain("the product exited while starting");
    expect(refusal).toContain("synchronous_commit=off");
    expect(refusal).toContain("ALLOW_NON_DURABLE_DATABASE=1");

    product = await startProduct({ dataDir, databaseUrl, acceptNonDurable: true });
    expect(await health(product.url)).toMatchObject({ status: "degraded", synchronousCommit: "off" });
  }, 240_000);
});

describe.skipIf(serverUrl)("start-up on the embedded PGlite, which runs without fsync", () => {
  it("starts without ALLOW_NON_DURABLE_DATABASE, and /api/health says ok", async () => {
    // The migrated template, as the product's own first start would make it (faster than initdb here).
    const seed = path.join(dataDir, "db");
    await (
      await openDatabase({ kind: "pglite", dataDir: seed, loadDataDir: readFileSync(inject("pgliteTemplate")) })
    ).close();
    product = await startProduct({ dataDir, acceptNonDurable: false });
    expect(await health(product.url)).toMatchObject({ status: "ok", synchronousCommit: "on", fsync: "off" });
  }, 240_000);
});
