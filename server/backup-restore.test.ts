/**
 * The restore drill (issue 49 item 3, docs/decisions/075): the real product
 * runs on PGlite in a temporary DATA_DIR with the demo company and its
 * months of records, a file uploaded, a mail in the outbox, published
 * figures and signed-in people; `npm run backup` copies it while it runs;
 * the DATA_DIR is destroyed and `npm run restore` puts it back. Every table
 * comes back with the same rows (count and content hash), every file with
 * the same bytes, the sessions still open, the reports say the same, and the
 * days' figures published anew come out with the same noise (the key came
 * back with the secret). A second copy is taken while members check in: it
 * holds every check-in answered before it began, and each day's rollup agrees
 * with the rows it holds (one instant, not a torn copy). Then the refusals: an existing destination, a full
 * disk (a tiny loop-mounted filesystem, as root; `ulimit -f` mid-write
 * anywhere), a running product, a DATA_DIR with data and no --overwrite.
 * Embedded only, so it runs in the PGlite pass and not again in the
 * PostgreSQL one: PostgreSQL's backups are PostgreSQL's (docs/backup.md).
 */
import { execFile, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { AdminJob } from "#core/schemas/admin-jobs.ts";
import { type Db, openDatabase, rowsOf } from "#server/db/client.ts";
import { publishedDailyBuckets } from "#server/db/schema/index.ts";
import { privacyKeyFrom } from "#server/features/disclosure/noise.ts";
import { publishClosedDays } from "#server/features/reports/publish-closed-days.ts";
import { DEMO_MANAGER, DEMO_PASSWORD, demoMembers } from "#server/seed/demo.ts";
import { exerciseForm, pngBytes } from "#tests/api/files.ts";
import { type Product, startProduct } from "#tests/api/product-process.ts";
import { TEST_PASSWORD } from "#tests/api/sessions.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const onPostgresPass = Boolean(process.env.TEST_DATABASE_URL);
// Made only when the drill runs: a skipped file runs no afterAll to remove it.
const work = onPostgresPass
  ? path.join(tmpdir(), "sereno-backup-unused")
  : mkdtempSync(path.join(tmpdir(), "sereno-backup-"));
const dataDir = path.join(work, "data");
const archive = path.join(work, "backup");
/** The product as `npm start` runs it on a first start: every key generated into DATA_DIR, the demo seeded. */
const productEnv = { DEMO: "1", NODE_ENV: "development", AUTH_SECRET: "", SSO_ENCRYPTION_KEY: "" };
let product: Product | undefined;
let mounted: string | undefined;

afterAll(async () => {
  await product?.crash();
  if (mounted) execFileSync("umount", [mounted]);
  rmSync(work, { recursive: true, force: true });
});

/** `npm run backup` / `npm run restore` as an operator runs them; `shell` wraps the command (limits). */
function npmScript(script: "backup" | "restore", args: string[], shell = "", into = dataDir) {
  const command = [process.execPath, `scripts/${script}.mjs`, ...args].map((word) => `'${word}'`).join(" ");
  return new Promise<{ code: number; out: string }>((resolve) => {
    execFile(
      "bash",
      ["-c", `${shell} exec ${command}`],
      { cwd: root, env: { ...process.env, DATA_DIR: into, DATABASE_URL: "" } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

/** Every file of a DATA_DIR but the database's folder and the socket, with its hash. */
function filesOf(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    if (name === "db" || name.startsWith(`db${path.sep}`) || name === "backup.sock") continue;
    const file = path.join(dir, name);
    if (statSync(file).isFile()) files[name] = sha256(file);
  }
  return files;
}

/** Every table of every schema (drizzle's migration record too): its row count and a hash of its rows' text. */
async function tablesOf(db: Db): Promise<Record<string, { rows: number; hash: string }>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select format('%I.%I', table_schema, table_name) as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1`),
  );
  const result: Record<string, { rows: number; hash: string }> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ rows: number; hash: string }>(
      await db.execute(
        sql.raw(`select count(*)::int as rows, coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as hash
          from ${name} t`),
      ),
    );
    result[name] = row as { rows: number; hash: string };
  }
  return result;
}

async function withDatabase<T>(dir: string, work: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({ kind: "pglite", dataDir: path.join(dir, "db") });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

async function signIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: url, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
}

const getJson = async (url: string, cookie: string) => {
  const response = await fetch(url, { headers: { cookie } });
  return { status: response.status, body: await response.json() };
};

/**
 * Sends the check-in reminders due now before the backup, so none goes out between it and the stop: the drill
 * compares the restore with the stopped product. Weekdays from 09:30 for an hour (São Paulo), the demo's members
 * who have not checked in get one; CI once ran the drill then, and eight mails came after the backup. A
 * person's reminder is sent once a day, so the sweeps that follow add nothing.
 */
async function remindersSent(url: string, admin: string) {
  const asked = Date.now();
  const run = await fetch(`${url}/api/admin/jobs/reminders/run`, {
    method: "POST",
    headers: { origin: url, cookie: admin },
  });
  expect(run.status).toBe(202);
  for (let i = 0; i < 600; i++) {
    const jobs = (await getJson(`${url}/api/admin/jobs`, admin)).body as AdminJob[];
    const sweep = jobs.find((job) => job.name === "reminders");
    const sends = jobs.find((job) => job.name === "reminder");
    const swept = sweep?.lastRunAt && Date.parse(sweep.lastRunAt) >= asked - 1_000;
    if (swept && sends && sends.pending + sends.running === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the reminders due now were not sent within a minute");
}

/** Published rows by company and day, every column but when it was published. */
async function publishedFigures(db: Db) {
  const rows = await db.select().from(publishedDailyBuckets);
  return rows
    .map(({ publishedAt: _, ...figures }) => figures)
    .sort((a, b) => `${a.companyId}${a.day}`.localeCompare(`${b.companyId}${b.day}`));
}

describe.skipIf(onPostgresPass)("backup and restore of an embedded install", () => {
  it("brings back every row, file, session and published figure, and refuses what would lose data", async () => {
    const timings: string[] = [];
    let mark = performance.now();
    const took = (name: string) => {
      timings.push(`${name} ${((performance.now() - mark) / 1000).toFixed(1)} s`);
      mark = performance.now();
    };
    product = await startProduct({ dataDir, env: productEnv });
    const { url } = product;
    took("start with the demo");

    const admin = await signIn(url, "admin@exemplo.com.br", TEST_PASSWORD);
    const manager = await signIn(url, DEMO_MANAGER.email, DEMO_PASSWORD);
    const member = await signIn(url, demoMembers[0]?.email as string, DEMO_PASSWORD);
    // An uploaded file (the exercise's cover, under DATA_DIR/storage) and a mail in DATA_DIR/outbox.
    const upload = await fetch(`${url}/api/admin/exercises`, {
      method: "POST",
      headers: { origin: url, cookie: admin },
      body: exerciseForm(
        { title: "Pausa guardada" },
        { thumbnail: { bytes: pngBytes, name: "capa.png", type: "image/png" } },
      ),
    });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const reset = await fetch(`${url}/api/auth/request-password-reset`, {
      method: "POST",
      headers: { origin: url, "content-type": "application/json" },
      body: JSON.stringify({ email: demoMembers[1]?.email, redirectTo: "/redefinir-senha" }),
    });
    expect(reset.status).toBe(200);
    // The manager's read wakes the publishing of the demo's closed days; the runner publishes them.
    const publishedReport = async () => {
      let read = await getJson(`${url}/api/reports?period=90d`, manager);
      for (let i = 0; i < 300 && read.body.preparingDays !== 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        read = await getJson(`${url}/api/reports?period=90d`, manager);
      }
      expect(read.status).toBe(200);
      expect(read.body.preparingDays).toBe(0);
      return read;
    };
    const report = await publishedReport();
    await remindersSent(url, admin);
    for (let i = 0; i < 100 && !readdirSync(path.join(dataDir, "outbox"), { withFileTypes: true }).length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    took("records, file, mail, figures");

    const backedUp = await npmScript("backup", [archive]);
    expect(backedUp.out).toContain("com o Sereno em execução");
    expect(backedUp.code, backedUp.out).toBe(0);
    took("backup while running");
    // Refused: the destination exists (and is left as it was); a restore over the running product, even told to.
    const manifest = readFileSync(path.join(archive, "manifest.json"), "utf8");
    const again = await npmScript("backup", [archive]);
    expect([again.code, again.out]).toEqual([1, expect.stringContaining("já existe")]);
    expect(readFileSync(path.join(archive, "manifest.json"), "utf8")).toBe(manifest);
    const overRunning = await npmScript("restore", [archive, "--overwrite"]);
    expect([overRunning.code, overRunning.out]).toEqual([1, expect.stringContaining("está rodando")]);

    await product.stop();
    product = undefined;
    const [before, figuresBefore] = await withDatabase(dataDir, (db) =>
      Promise.all([tablesOf(db), publishedFigures(db)]),
    );
    const filesBefore = filesOf(dataDir);
    // Every kind of record and file is there to lose.
    const empty = Object.entries(before).filter(([, table]) => table.rows === 0);
    expect(Object.keys(before).length).toBeGreaterThan(40);
    expect(Object.keys(filesBefore).some((name) => name.startsWith(`storage${path.sep}`))).toBe(true);
    expect(Object.keys(filesBefore).some((name) => name.startsWith(`outbox${path.sep}`))).toBe(true);
    for (const key of ["auth-secret", "sso-encryption-key", "vapid-keys.json"]) expect(filesBefore[key]).toBeDefined();
    expect(figuresBefore.length).toBeGreaterThan(30);

    rmSync(dataDir, { recursive: true });
    const restored = await npmScript("restore", [archive]);
    expect(restored.code, restored.out).toBe(0);
    took("destroy and restore");
    expect(filesOf(dataDir)).toEqual(filesBefore);
    // Refused: a DATA_DIR with data, without --overwrite; it is left as it was.
    const over = await npmScript("restore", [archive]);
    expect([over.code, over.out]).toEqual([1, expect.stringContaining("--overwrite")]);
    expect(filesOf(dataDir)).toEqual(filesBefore);

    // The noise key came back: the figures published anew from the restored rows and secret are the same draws.
    const secret = readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim();
    await withDatabase(dataDir, async (db) => {
      expect(await tablesOf(db)).toEqual(before);
      await db.delete(publishedDailyBuckets);
      await publishClosedDays(db, privacyKeyFrom(secret), new Date(), 5, { budgetMs: 600_000 });
      expect(await publishedFigures(db)).toEqual(figuresBefore);
    });
    took("republish with the restored key");

    product = await startProduct({ dataDir, env: productEnv });
    took("start on the restored data");
    // The sessions signed before the backup are still open, and the reports say the same.
    for (const cookie of [admin, manager, member])
      expect((await getJson(`${product.url}/api/me`, cookie)).status).toBe(200);
    expect(await getJson(`${product.url}/api/reports?period=90d`, manager)).toEqual(report);
    expect(await npmScript("restore", [archive, "--overwrite"])).toMatchObject({ code: 1 });
    console.log(
      `restore drill: ${Object.keys(before).length} tables (${Object.values(before).reduce((sum, t) => sum + t.rows, 0)} rows; empty in the demo: ${empty.map(([name]) => name).join(", ") || "none"}), ${Object.keys(filesBefore).length} files; ${timings.join(", ")}`,
    );
  }, 600_000);

  it("takes a consistent copy while check-ins are being written", async () => {
    if (!product) throw new Error("the drill above left no product running");
    const { url } = product;
    const cookies = await Promise.all(demoMembers.map((person) => signIn(url, person.email, DEMO_PASSWORD)));
    const acknowledged: { id: string; beforeBackup: boolean }[] = [];
    let backupStarted = false;
    // Each member checks in once, one every 300 ms: before the backup, and on while its copy is taken.
    const load = (async () => {
      for (const cookie of cookies) {
        const beforeBackup = !backupStarted;
        const response = await fetch(`${url}/api/check-ins`, {
          method: "POST",
          headers: { origin: url, cookie, "content-type": "application/json" },
          body: JSON.stringify({ mood: 4, notes: "durante o backup" }),
        });
        const body = (await response.json()) as { checkIn?: { id: string } };
        if (response.status === 201 && body.checkIn) acknowledged.push({ id: body.checkIn.id, beforeBackup });
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    })();
    while (acknowledged.length < 2) await new Promise((resolve) => setTimeout(resolve, 50));
    backupStarted = true;
    const underLoad = path.join(work, "under-load");
    const backedUp = await npmScript("backup", [underLoad]);
    await load;
    expect(backedUp.code, backedUp.out).toBe(0);
    const restoredDir = path.join(work, "under-load-data");
    const restored = await npmScript("restore", [underLoad], "", restoredDir);
    expect(restored.code, restored.out).toBe(0);
    await withDatabase(restoredDir, async (db) => {
      const ids = acknowledged.map((row) => row.id);
      const rows = rowsOf<{ id: string; day: string }>(
        await db.execute(
          sql`select id::text, day::text from user_progress where id::text in ${sql.raw(`('${ids.join("','")}')`)}`,
        ),
      );
      // Every check-in answered before the backup began is in it; of those during it, a whole prefix or none.
      const present = new Set(rows.map((row) => row.id));
      expect(acknowledged.filter((row) => row.beforeBackup && !present.has(row.id))).toEqual([]);
      const days = [...new Set(rows.map((row) => row.day))];
      // The copy is of one instant: each day's rollup counts exactly the check-in rows it holds.
      const [totals] = rowsOf<{ rows: number; rollup: number }>(
        await db.execute(sql`select
          (select count(*) from user_progress where exercise_id is null and day::text in ${sql.raw(`('${days.join("','")}')`)})::int as rows,
          (select coalesce(sum(check_ins), 0) from company_daily_stats where day::text in ${sql.raw(`('${days.join("','")}')`)})::int as rollup`),
      );
      expect(totals?.rollup).toBe(totals?.rows);
      console.log(
        `backup under load: ${acknowledged.length} check-ins acknowledged (${acknowledged.filter((row) => row.beforeBackup).length} before the backup began), ${rows.length} in the copy`,
      );
    });
  }, 300_000);

  it("refuses a backup that would not fit, and leaves nothing behind", async () => {
    if (!product) throw new Error("the drill above left no product running");
    // Mid-write: a 64 KB file-size limit on the command (not on the product, which copied the database) fails the
    // manifest, written last and larger, as a full disk does (EFBIG, the signal ignored): the copy so far goes.
    const limited = await npmScript("backup", [path.join(work, "limited")], "trap '' XFSZ; ulimit -f 64;");
    expect([limited.code, limited.out]).toEqual([1, expect.stringContaining("nada foi gravado")]);
    expect(readdirSync(work).filter((name) => name.includes("limited"))).toEqual([]);
    // Before writing: a filesystem with less room than the archive (root only: a loop-mounted 4 MB ext2).
    if (process.getuid?.() !== 0) return console.log("disk-full check skipped: mounting needs root");
    const image = path.join(work, "tiny.img");
    const mountPoint = path.join(work, "tiny");
    writeFileSync(image, Buffer.alloc(0));
    execFileSync("truncate", ["-s", "4M", image]);
    mkdirSync(mountPoint);
    try {
      execFileSync("mkfs.ext2", ["-q", "-F", image]);
      execFileSync("mount", ["-o", "loop", image, mountPoint], { stdio: "pipe" });
    } catch (error) {
      // A machine without mkfs.ext2 or loop devices (a container) cannot make the small disk: say so, as above.
      return console.log(`disk-full check skipped: no loop-mounted filesystem here (${String(error).split("\n")[0]})`);
    }
    mounted = mountPoint;
    const full = await npmScript("backup", [path.join(mountPoint, "backup")]);
    expect([full.code, full.out]).toEqual([1, expect.stringContaining("Não há espaço")]);
    expect(readdirSync(mountPoint).filter((name) => name !== "lost+found")).toEqual([]);
    expect(existsSync(path.join(mountPoint, "backup"))).toBe(false);
  }, 120_000);
});
