/**
 * Builds the migrated database every API test file starts from, once per run
 * (docs/decisions/072): on PGlite a dump each file loads in about a second
 * instead of running initdb and the migrations again (docs/stack-notes.md
 * pitfall 6); on the server of TEST_DATABASE_URL a template database each
 * file clones with CREATE DATABASE ... TEMPLATE, instead of migrating and
 * loading the catalogue into an empty one.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { type Db, migrationsFolder } from "../../server/db/client.ts";
import * as schema from "../../server/db/schema/index.ts";
import { loadStarterCatalogue } from "../../server/seed/catalogue.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** On TEST_DATABASE_URL's server: the migrated database with the catalogue each file clones. */
    postgresTemplate: string;
  }
}

async function pgliteTemplate(dir: string): Promise<string> {
  const client = await PGlite.create();
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder });
  await loadStarterCatalogue(db as unknown as Db);
  // Without a checkpoint every test file's copy would replay the migrations' WAL when it starts.
  await client.exec("checkpoint");
  const dump = await client.dumpDataDir("gzip");
  await client.close();
  const file = path.join(dir, "template.tar.gz");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

/** The template on the server: migrated and with the catalogue, then closed (a template with a session cannot be cloned). */
async function postgresTemplate(url: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `sereno_template_${randomBytes(6).toString("hex")}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  // Its own client, ended without a deadline: openDatabase's close() cuts connections after 5 s, and a
  // connection cut with a write pending crashes postgres.js 3.4.9 (porsager/postgres#1154) on a busy machine.
  const client = postgres(target.toString(), { max: 1, onnotice: () => {} });
  const db = drizzlePostgres({ client, schema });
  await migratePostgres(db, { migrationsFolder });
  await loadStarterCatalogue(db as unknown as Db);
  await client.end();
  await admin.end();
  return {
    name,
    async drop() {
      const again = postgres(url, { max: 1, onnotice: () => {} });
      await again.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

type Templates = { file: string; postgres: string; remove: () => Promise<void> };

async function buildTemplates(): Promise<Templates> {
  const dir = mkdtempSync(path.join(tmpdir(), "sereno-test-"));
  const url = process.env.TEST_DATABASE_URL;
  const [file, template] = await Promise.all([pgliteTemplate(dir), url ? postgresTemplate(url) : undefined]);
  return {
    file,
    postgres: template?.name ?? "",
    async remove() {
      rmSync(dir, { recursive: true, force: true });
      await template?.drop();
    },
  };
}

/** Vitest calls a global setup once per project (vitest.config.ts has four): the templates are built once per run. */
const shared = globalThis as { serenoTestTemplates?: Promise<Templates> };

export default async function setup(project: TestProject) {
  const first = !shared.serenoTestTemplates;
  shared.serenoTestTemplates ??= buildTemplates();
  const templates = await shared.serenoTestTemplates;
  project.provide("pgliteTemplate", templates.file);
  project.provide("postgresTemplate", templates.postgres);
  // Teardowns run once every file of every project has ended; the first caller's removes what all shared.
  return first ? () => templates.remove() : undefined;
}
