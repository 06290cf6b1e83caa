import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loadStarterCatalogue } from "#server/seed/catalogue.ts";
import contentSeed from "#server/seed/content.json" with { type: "json" };
import exerciseSeed from "#server/seed/exercises.json" with { type: "json" };
import { hasPendingMigrations, migrationsFolder, openDatabase, rowsOf } from "./client.ts";
import { writePgliteTemplate } from "./pglite-template.ts";
import { exercises } from "./schema/index.ts";
import { copyTemplate, TarExtractor } from "./template-unpack.ts";

describe("the embedded database's build-time template", () => {
  const scratch = mkdtempSync(path.join(tmpdir(), "sereno-template-"));
  const template = path.join(scratch, "template");
  beforeAll(() => writePgliteTemplate(template), 120_000);

  it("fills an empty folder migrated and with the catalogue, and is never laid over an existing database", async () => {
    const dataDir = path.join(scratch, "db");
    expect(copyTemplate(template, dataDir)).toBe(true);
    expect(existsSync(`${dataDir}.unpacking`)).toBe(false);
    const database = await openDatabase({ kind: "pglite", dataDir });
    const [row] = await database.db.select({ n: count() }).from(exercises);
    expect(row?.n).toBe(exerciseSeed.length);
    expect(await hasPendingMigrations(database.db)).toBe(false);
    expect(await loadStarterCatalogue(database.db)).toEqual({ exercises: 0, content: 0 });
    await database.close();

    // The database now there is left alone, as is any folder with something in it.
    const before = readdirSync(dataDir).sort();
    expect(copyTemplate(template, dataDir)).toBe(false);
    expect(readdirSync(dataDir).sort()).toEqual(before);
    const withFile = path.join(scratch, "other");
    mkdirSync(withFile);
    writeFileSync(path.join(withFile, "PG_VERSION"), "17");
    expect(copyTemplate(template, withFile)).toBe(false);
    expect(readdirSync(withFile)).toEqual(["PG_VERSION"]);
    expect(copyTemplate(path.join(scratch, "missing"), path.join(scratch, "fresh"))).toBe(false);
    expect(existsSync(path.join(scratch, "fresh"))).toBe(false);
  }, 120_000);

  it("replaces a half-unpacked folder left by a killed start, and fills an existing empty folder", async () => {
    const dataDir = path.join(scratch, "killed");
    mkdirSync(path.join(`${dataDir}.unpacking`, "base"), { recursive: true });
    writeFileSync(path.join(`${dataDir}.unpacking`, "base", "half"), "x");
    mkdirSync(dataDir);
    expect(copyTemplate(template, dataDir)).toBe(true);
    expect(existsSync(`${dataDir}.unpacking`)).toBe(false);
    expect(existsSync(path.join(dataDir, "base", "half"))).toBe(false);
    expect(readFileSync(path.join(dataDir, "PG_VERSION"), "utf8").trim()).toMatch(/^\d+$/);
  });

  it("refuses an archive entry that would land outside the folder", () => {
    const header = Buffer.alloc(1024);
    header.write("../escape", 0);
    header.write("0000644\0", 100);
    header.write("00000000000\0", 124);
    header.write("0", 156);
    expect(() => new TarExtractor(path.join(scratch, "unsafe")).write(header)).toThrow(/unsafe path/);
  });
});

describe("start-up's shortcuts still notice what changed", () => {
  it("runs the migrator only when the journal has an entry newer than the newest applied", async () => {
    const scratch = mkdtempSync(path.join(tmpdir(), "sereno-migrations-"));
    const folder = path.join(scratch, "migrations");
    cpSync(migrationsFolder, folder, { recursive: true });
    const database = await openDatabase({ kind: "pglite" });
    expect(await hasPendingMigrations(database.db, folder)).toBe(false);

    const journalFile = path.join(folder, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalFile, "utf8")) as {
      entries: { idx: number; when: number; tag: string; version: string; breakpoints: boolean }[];
    };
    const last = journal.entries.at(-1);
    if (!last) throw new Error("empty journal");
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag: "9999_later" });
    writeFileSync(journalFile, JSON.stringify(journal));
    writeFileSync(path.join(folder, "9999_later.sql"), "create table start_up_probe (id int);");
    expect(await hasPendingMigrations(database.db, folder)).toBe(true);

    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(database.db as never, { migrationsFolder: folder });
    expect(await hasPendingMigrations(database.db, folder)).toBe(false);
    const [probe] = rowsOf<{ present: boolean }>(
      await database.db.execute(sql`select to_regclass('start_up_probe') is not null as present`),
    );
    expect(probe?.present).toBe(true);
    await database.close();

    const blank = await import("@electric-sql/pglite").then(({ PGlite }) => PGlite.create());
    const { drizzle } = await import("drizzle-orm/pglite");
    expect(await hasPendingMigrations(drizzle({ client: blank }) as never, folder)).toBe(true);
    await blank.close();
  }, 120_000);

  it("loads a catalogue item whose row is missing, and only that one", async () => {
    const database = await openDatabase({ kind: "pglite" });
    expect(await loadStarterCatalogue(database.db)).toEqual({
      exercises: exerciseSeed.length,
      content: contentSeed.length,
    });
    expect(await loadStarterCatalogue(database.db)).toEqual({ exercises: 0, content: 0 });
    const slug = exerciseSeed[0]?.slug ?? "";
    await database.db.delete(exercises).where(eq(exercises.slug, slug));
    expect(await loadStarterCatalogue(database.db)).toEqual({ exercises: 1, content: 0 });
    await database.close();
  }, 120_000);
});
