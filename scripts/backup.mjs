// `npm run backup -- <destination>`: a consistent copy of an embedded install (DATA_DIR: the PGlite database,
// the uploaded files, the generated keys, the outbox), while the product runs or with it stopped
// (docs/decisions/075, docs/backup.md). The destination must not exist; the archive is written under a
// temporary name beside it, every file fsynced, the manifest last, then renamed into place: a destination that
// exists is a whole backup. On PostgreSQL (DATABASE_URL), the database is PostgreSQL's own to back up
// (pg_basebackup and a WAL archive: docs/backup.md); this copies the files only.
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, statfsSync, statSync } from "node:fs";
import path from "node:path";
import {
  DB_DIR,
  entriesUnder,
  exists,
  FORMAT,
  filesUnder,
  megabytes,
  Refusal,
  SOCKET,
  sha256,
  snapshotFromProduct,
  syncFile,
  syncFolder,
  VERSION,
  writeDurably,
} from "./backup-files.mjs";

/** Room kept free beyond the archive's own size: a full disk stops the product's own writes too. */
const SPARE_BYTES = 16 * 1024 * 1024;

/**
 * The database's folder copied to `into`: by the running product, or with the product stopped, from the folder
 * itself. Says which.
 */
async function copyDatabase(dataDir, into) {
  if (await snapshotFromProduct(dataDir, into)) return { takenWhileRunning: true };
  const dbDir = path.join(dataDir, DB_DIR);
  if (!exists(path.join(dbDir, "PG_VERSION"))) throw new Refusal(`Não há banco embutido em ${dbDir}: nada a copiar.`);
  if (exists(path.join(dbDir, "postmaster.pid"))) {
    // Open by a process that does not answer on the socket: one killed without closing it, or one still running.
    throw new Refusal(
      `O banco em ${dbDir} está aberto (db/postmaster.pid) e nenhum Sereno responde em ${SOCKET}. Se o Sereno parou sem fechar o banco, inicie-o e faça o backup com ele em execução; se ele está rodando, faça o backup pela mesma conta que o iniciou.`,
    );
  }
  cpSync(dbDir, into, { recursive: true, errorOnExist: true, force: false });
  return { takenWhileRunning: false };
}

async function backup(destinationArgument) {
  if (!destinationArgument) {
    throw new Refusal("Uso: npm run backup -- <pasta de destino> (uma pasta que ainda não existe).");
  }
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const destination = path.resolve(destinationArgument);
  if (exists(destination)) {
    throw new Refusal(
      `O destino ${destination} já existe: escolha outro nome. Um backup nunca grava por cima de outro.`,
    );
  }
  if (`${destination}${path.sep}`.startsWith(`${dataDir}${path.sep}`)) {
    throw new Refusal(`O destino ${destination} fica dentro do DATA_DIR (${dataDir}): guarde o backup fora dele.`);
  }
  const parent = path.dirname(destination);
  if (!exists(parent)) throw new Refusal(`A pasta ${parent} não existe: crie-a antes.`);
  if (!exists(dataDir)) throw new Refusal(`O DATA_DIR ${dataDir} não existe: nada a copiar.`);

  const onPostgres = Boolean(process.env.DATABASE_URL?.trim());
  const skipped = [DB_DIR, SOCKET];
  const needed = filesUnder(dataDir, onPostgres ? skipped : [SOCKET]).reduce(
    (sum, file) => sum + statSync(path.join(dataDir, file)).size,
    0,
  );
  const { bavail, bsize } = statfsSync(parent);
  const free = Number(bavail) * Number(bsize);
  if (free < needed + SPARE_BYTES) {
    throw new Refusal(
      `Não há espaço em ${parent}: o backup precisa de ${megabytes(needed)} (mais ${megabytes(SPARE_BYTES)} de folga) e há ${megabytes(free)} livres. Nada foi gravado.`,
    );
  }

  const partial = path.join(parent, `.${path.basename(destination)}.partial-${process.pid}`);
  const data = path.join(partial, "data");
  try {
    mkdirSync(data, { recursive: true, mode: 0o700 });
    const manifest = { format: FORMAT, version: VERSION, createdAt: new Date().toISOString(), files: [] };
    if (!onPostgres) manifest.database = await copyDatabase(dataDir, path.join(data, DB_DIR));
    // After the database: an upload writes its file before its row, so every file a row names is here.
    for (const file of filesUnder(dataDir, skipped)) {
      mkdirSync(path.dirname(path.join(data, file)), { recursive: true, mode: 0o700 });
      writeDurably(path.join(data, file), readFileSync(path.join(dataDir, file)));
    }
    const written = entriesUnder(data);
    manifest.folders = written.folders;
    for (const file of written.files) {
      const bytes = readFileSync(path.join(data, file));
      if (file.startsWith(`${DB_DIR}${path.sep}`)) syncFile(path.join(data, file));
      manifest.files.push({ path: file, bytes: bytes.byteLength, sha256: sha256(bytes) });
    }
    for (const folder of written.folders) syncFolder(path.join(data, folder));
    writeDurably(path.join(partial, "manifest.json"), Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
    syncFolder(data);
    syncFolder(partial);
    renameSync(partial, destination);
    syncFolder(parent);
    return { destination, manifest };
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    if (error?.code === "ENOSPC" || error?.code === "EDQUOT" || error?.code === "EFBIG") {
      throw new Refusal(
        `O backup não coube em ${parent} (${error.code}: disco cheio ou limite de tamanho de arquivo): nada foi gravado. Libere espaço ou escolha outro destino.`,
      );
    }
    throw error;
  }
}

try {
  const { destination, manifest } = await backup(process.argv[2]);
  const sizeOf = (files) => megabytes(files.reduce((sum, file) => sum + file.bytes, 0));
  const database = manifest.files.filter((file) => file.path.startsWith(`${DB_DIR}${path.sep}`));
  const others = manifest.files.filter((file) => !database.includes(file));
  const what = manifest.database
    ? `banco ${sizeOf(database)} (${manifest.database.takenWhileRunning ? "com o Sereno em execução" : "com o Sereno parado"}), `
    : "sem o banco (no PostgreSQL ele é copiado pelo pg_basebackup: docs/backup.md), ";
  console.log(`Backup pronto em ${destination}: ${what}${others.length} arquivos (${sizeOf(others)}).`);
} catch (error) {
  if (!(error instanceof Refusal)) throw error;
  console.error(error.message);
  process.exit(1);
}
