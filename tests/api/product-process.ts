/**
 * The real product as a child process (server/main.ts through tsx, no build
 * needed), for fault tests that kill it or take its database away; plus the
 * few things those tests share: a free port, members with sessions, a pool
 * of concurrent workers. Edit when main.ts needs a new variable to start.
 */
import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import { fileURLToPath } from "node:url";
import { hashPassword } from "better-auth/crypto";
import { WELLBEING_CONSENT_VERSION } from "#core/consent.ts";
import type { Db } from "#server/db/client.ts";
import { companies } from "#server/db/schema/index.ts";
import { createAccount } from "#server/features/auth/accounts.ts";
import { TEST_EPOCH, TEST_PASSWORD } from "./sessions.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type Product = {
  url: string;
  child: ChildProcess;
  /** What the process printed, for the failure message of a test. */
  output: () => string;
  exited: Promise<number | null>;
  /** SIGKILL: no shutdown hook, no flush, like a power cut for the process (not for the machine). */
  crash: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Starts `server/main.ts` on PGlite under `dataDir` or on `databaseUrl`, and waits until /api/health says 200.
 * The tests' PostgreSQL runs with fsync off: the product is told to accept it unless `acceptNonDurable` is false.
 */
export async function startProduct(options: {
  dataDir: string;
  databaseUrl?: string;
  acceptNonDurable?: boolean;
  /** Variables set over (or, as "", unset from) the defaults below. */
  env?: Record<string, string>;
  /** Another checkout's root to run server/main.ts from (a previous release's code). */
  cwd?: string;
}): Promise<Product> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: options.cwd ?? root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? "",
      AUTH_SECRET: "fault-test-secret-fault-test-secret!",
      SSO_ENCRYPTION_KEY: "0000000000000000000000000000000000000000000000000000000000000001",
      ADMIN_EMAIL: "admin@exemplo.com.br",
      ADMIN_PASSWORD: TEST_PASSWORD,
      LOG_LEVEL: "warn",
      DEMO: "0",
      ALLOW_NON_DURABLE_DATABASE: options.acceptNonDurable === false ? "" : "1",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    // The tail is what explains a failure; an outage logs one line per refused request.
    output = (output + chunk.toString("utf8")).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });
  const product: Product = {
    url,
    child,
    output: () => output,
    exited,
    async crash() {
      child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      if (hasExited) return;
      child.kill("SIGTERM");
      await exited;
    },
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (hasExited) throw new Error(`the product exited while starting:\n${output}`);
    const status = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })
      .then((response) => response.status)
      .catch(() => 0);
    if (status === 200) return product;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await product.crash();
  throw new Error(`the product did not start within 90 s:\n${output}`);
}

/** A company with `count` members who consented, all with TEST_PASSWORD (hashed once: scrypt is slow). */
export async function seedMembers(db: Db, count: number): Promise<{ companyId: string; emails: string[] }> {
  const [company] = await db
    .insert(companies)
    .values({ name: "Falhas Ltda", plan: "enterprise", createdAt: TEST_EPOCH })
    .returning();
  if (!company) throw new Error("no company");
  const passwordHash = await hashPassword(TEST_PASSWORD);
  const emails = Array.from({ length: count }, (_, i) => `membro${i}@falhas.exemplo.com.br`);
  for (const [i, email] of emails.entries()) {
    await createAccount(db, {
      email,
      name: `Membro ${i}`,
      password: TEST_PASSWORD,
      passwordHash,
      role: "user",
      companyId: company.id,
      createdAt: TEST_EPOCH,
      wellbeingConsent: { at: TEST_EPOCH, version: WELLBEING_CONSENT_VERSION },
    });
  }
  return { companyId: company.id, emails };
}

/** Signs each person in through the product's HTTP API; returns their session cookies, in order. */
export async function signInAll(url: string, emails: string[]): Promise<string[]> {
  const cookies: string[] = [];
  await inPool(emails, 4, async (email, i) => {
    const response = await fetch(`${url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin: url, "content-type": "application/json" },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    cookies[i] = response.headers
      .getSetCookie()
      .map((value) => value.split(";")[0])
      .join("; ");
  });
  return cookies;
}

/** Runs `work` over `items` with at most `concurrency` at a time. */
export async function inPool<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
