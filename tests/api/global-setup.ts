/**
 * Builds one migrated PGlite database and dumps it, so each API test file
 * starts its own copy in about a second instead of running initdb and the
 * migrations again (docs/stack-notes.md pitfall 6).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";
import { type Db, migrationsFolder } from "../../server/db/client.ts";
import * as schema from "../../server/db/schema/index.ts";
import { loadStarterCatalogue } from "../../server/seed/catalogue.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), "sereno-test-"));
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
  project.provide("pgliteTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
