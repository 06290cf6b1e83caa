import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import exerciseSeed from "#server/db/seed/exercises.json" with { type: "json" };
import { openDatabase } from "./client.ts";
import { templateFor, writePgliteTemplate } from "./pglite-template.ts";
import { exercises } from "./schema/index.ts";

describe("the embedded database's build-time template", () => {
  it("starts an empty folder migrated and with the catalogue, and is never laid over an existing database", async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), "sereno-template-"));
    const file = path.join(scratch, "template.tar.gz");
    await writePgliteTemplate(file);

    const dataDir = path.join(scratch, "db");
    const template = templateFor(dataDir, file);
    expect(template).toBeInstanceOf(Blob);
    const database = await openDatabase({ kind: "pglite", dataDir, loadDataDir: template });
    const [row] = await database.db.select({ n: count() }).from(exercises);
    expect(row?.n).toBe(exerciseSeed.length);
    await database.close();

    expect(templateFor(dataDir, file)).toBeUndefined();
    const withFile = path.join(scratch, "other");
    mkdirSync(withFile);
    writeFileSync(path.join(withFile, "PG_VERSION"), "17");
    expect(templateFor(withFile, file)).toBeUndefined();
    expect(templateFor(path.join(scratch, "fresh"), path.join(scratch, "missing.tar.gz"))).toBeUndefined();
  }, 120_000);
});
