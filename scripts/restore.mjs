// `npm run restore -- <backup> [--overwrite]`: puts a `npm run backup` archive back as DATA_DIR
// (docs/decisions/075, docs/backup.md). Every file is checked against the manifest first; the new DATA_DIR is
// assembled beside the old one, its database opened once (PostgreSQL's recovery runs there, not at the next
// start), and renamed into place. Refused while a Sereno runs on DATA_DIR; a DATA_DIR that holds anything is
// replaced only with --overwrite, and then kept beside it under a dated name, never deleted.
import { copyFileSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import {
  DB_DIR,
  exists,
  filesUnder,
  megabytes,
  productRuns,
  Refusal,
  readArchive,
  syncFile,
  syncFolder,
} from "./backup-files.mjs";

async function restore(args) {
  const overwrite = args.includes("--overwrite");
  const source = args.find((arg) => !arg.startsWith("--"));
  if (!source) throw new Refusal("Uso: npm run restore -- <pasta do backup> [--overwrite]");
  const archive = path.resolve(source);
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  if (await productRuns(dataDir)) {
    throw new Refusal(`Um Sereno está rodando sobre ${dataDir}: pare-o antes de restaurar.`);
  }
  const occupied = exists(dataDir) && readdirSync(dataDir).length > 0;
  if (occupied && !overwrite) {
    throw new Refusal(
      `O DATA_DIR ${dataDir} já tem dados: para substituí-los pelo backup, repita com --overwrite (os dados atuais ficam guardados ao lado, com a data no nome).`,
    );
  }

  const manifest = readArchive(archive);
  // An archive made on PostgreSQL holds DATA_DIR's files only: the database comes back by PostgreSQL's own means.
  const onPostgres = Boolean(process.env.DATABASE_URL?.trim());
  if (!manifest.database && !onPostgres) {
    throw new Refusal(
      `${archive} não tem banco embutido (foi feito no PostgreSQL): restaure o banco pelo PostgreSQL (docs/backup.md) e defina DATABASE_URL.`,
    );
  }
  if (manifest.database && onPostgres) {
    throw new Refusal(
      `${archive} é de um banco embutido, e DATABASE_URL aponta para um PostgreSQL: restaure sem DATABASE_URL.`,
    );
  }

  const staging = `${dataDir}.restoring-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    mkdirSync(staging, { recursive: true, mode: 0o700 });
    for (const folder of manifest.folders) mkdirSync(path.join(staging, folder), { recursive: true, mode: 0o700 });
    for (const entry of manifest.files) {
      const target = path.join(staging, entry.path);
      mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      copyFileSync(path.join(archive, "data", entry.path), target);
      syncFile(target);
    }
    if (manifest.database) {
      // PGlite starts on the copied folder: recovery runs now, and a copy that does not open fails here.
      const { PGlite } = await import("@electric-sql/pglite");
      const pg = await PGlite.create(path.join(staging, DB_DIR));
      await pg.query("select 1");
      await pg.close();
      for (const file of filesUnder(path.join(staging, DB_DIR))) syncFile(path.join(staging, DB_DIR, file));
    }
    for (const folder of manifest.folders) syncFolder(path.join(staging, folder));
    syncFolder(staging);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  let keptAt;
  if (exists(dataDir) && !occupied) rmSync(dataDir, { recursive: true });
  else if (exists(dataDir)) {
    keptAt = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    renameSync(dataDir, keptAt);
  }
  renameSync(staging, dataDir);
  syncFolder(path.dirname(dataDir));
  return { dataDir, manifest, keptAt };
}

try {
  const { dataDir, manifest, keptAt } = await restore(process.argv.slice(2));
  const filesBytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  console.log(
    `Restaurado em ${dataDir} o backup de ${manifest.createdAt}: ${manifest.database ? "banco embutido" : "sem o banco (PostgreSQL)"}, ${manifest.files.length} arquivos (${megabytes(filesBytes)}).${keptAt ? ` Os dados que estavam lá ficaram em ${keptAt}.` : ""}`,
  );
} catch (error) {
  if (!(error instanceof Refusal)) throw error;
  console.error(error.message);
  process.exit(1);
}
