import { mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  companies,
  invites,
  jobs,
  rateLimits,
  rosterApiAdditions,
  rosterApiHeld,
  session,
  ssoRequests,
  userProgress,
  verification,
} from "#server/db/schema/index.ts";
import { insertCheckInOnce } from "#server/features/check-ins/insert-check-in.ts";
import { createPerson } from "#tests/api/sessions.ts";
import { createTestApp } from "#tests/api/test-app.ts";
import { ACCESS_EVENTS_RETENTION_DAYS, retentionJobs, runRetention } from "./retention.ts";
import { runDueJobs, scheduleDailyJobs } from "./runner.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ env: { NOTES_RETENTION_DAYS: "400" } });
});
afterAll(() => t.close());

const DAY = 86_400_000;
const now = new Date("2026-11-22T06:00:00Z");
const ago = (days: number) => new Date(now.getTime() - days * DAY);
const ahead = (days: number) => new Date(now.getTime() + days * DAY);
const outboxDir = () => path.join(t.dataDir, "outbox");
const retention = () => runRetention(t.db, { now, notesRetentionDays: 400, outboxDir: outboxDir() });

describe("the retention job", () => {
  it("deletes expired sessions and verification rows, keeps live ones", async () => {
    const person = await createPerson(t.db);
    await t.db.insert(session).values([
      { id: "s-old", token: "tok-old", userId: person.userId, expiresAt: ago(1) },
      { id: "s-live", token: "tok-live", userId: person.userId, expiresAt: ahead(1) },
    ]);
    await t.db.insert(verification).values([
      { id: "v-old", identifier: "reset-password:x", value: "u", expiresAt: ago(0.01) },
      { id: "v-live", identifier: "reset-password:y", value: "u", expiresAt: ahead(0.01) },
    ]);
    const result = await retention();
    expect(result.sessions).toBeGreaterThanOrEqual(1);
    const sessions = await t.db
      .select({ id: session.id })
      .from(session)
      .where(inArray(session.id, ["s-old", "s-live"]));
    expect(sessions.map((row) => row.id)).toEqual(["s-live"]);
    const rows = await t.db.select({ id: verification.id }).from(verification);
    expect(rows.map((row) => row.id)).toEqual(["v-live"]);
  });

  it("deletes SSO sign-ins started and never finished once they expire, keeps live ones", async () => {
    const [company] = await t.db.insert(companies).values({ name: "SSO Retenção SA", plan: "essencial" }).returning();
    const base = { companyId: company?.id as string, protocol: "oidc" as const, codeVerifier: "v", nonce: "n" };
    await t.db.insert(ssoRequests).values([
      { ...base, id: "sso-old", expiresAt: ago(0.01) },
      { ...base, id: "sso-live", expiresAt: ahead(0.01) },
    ]);
    expect((await retention()).ssoRequests).toBe(1);
    const rows = await t.db.select({ id: ssoRequests.id }).from(ssoRequests);
    expect(rows.map((row) => row.id)).toEqual(["sso-live"]);
  });

  it("deletes the HR API's additions and allowances once past the daily cap's 24 hours", async () => {
    const [company] = await t.db.insert(companies).values({ name: "Cota RH SA", plan: "essencial" }).returning();
    const companyId = company?.id as string;
    await t.db.insert(rosterApiAdditions).values([
      { companyId, kind: "added", people: 3, createdAt: ago(1.01) },
      { companyId, kind: "allowed", people: 50, createdAt: ago(0.5) },
    ]);
    expect((await retention()).rosterApiAdditions).toBe(1);
    const rows = await t.db.select({ kind: rosterApiAdditions.kind }).from(rosterApiAdditions);
    expect(rows).toEqual([{ kind: "allowed" }]);
  });

  it("deletes people an HR key sent past the cap once nobody confirmed them in 30 days", async () => {
    const [company] = await t.db.insert(companies).values({ name: "Guarda RH SA", plan: "essencial" }).returning();
    const companyId = company?.id as string;
    const row = (matricula: string) => ({
      line: 1,
      name: `Pessoa ${matricula}`,
      cpfHash: `hash-${matricula}`,
      cpfLast2: "00",
      matricula,
      email: null,
      personalEmail: null,
      establishmentCnpj: null,
      sectorPath: null,
      managerRef: null,
      jobTitle: null,
      admittedOn: null,
    });
    await t.db.insert(rosterApiHeld).values([
      { companyId, matricula: "OLD", cpfHash: "hash-OLD", row: row("OLD"), createdAt: ago(30.01) },
      { companyId, matricula: "NEW", cpfHash: "hash-NEW", row: row("NEW"), createdAt: ago(29.9) },
    ]);
    expect((await retention()).rosterApiHeld).toBe(1);
    const rows = await t.db.select({ matricula: rosterApiHeld.matricula }).from(rosterApiHeld);
    expect(rows).toEqual([{ matricula: "NEW" }]);
  });

  it("deletes used and expired invites, keeps pending ones", async () => {
    const [company] = await t.db.insert(companies).values({ name: "Retenção SA", plan: "essencial" }).returning();
    const base = { companyId: company?.id as string, role: "user" as const, kind: "team" as const, inviterName: "Gil" };
    await t.db.insert(invites).values([
      {
        ...base,
        tokenHash: "h-used",
        email: "usado@exemplo.com.br",
        name: "U",
        expiresAt: ahead(3),
        acceptedAt: ago(1),
      },
      { ...base, tokenHash: "h-expired", email: "expirado@exemplo.com.br", name: "E", expiresAt: ago(1) },
      { ...base, tokenHash: "h-pending", email: "pendente@exemplo.com.br", name: "P", expiresAt: ahead(3) },
    ]);
    await retention();
    const rows = await t.db.select({ tokenHash: invites.tokenHash }).from(invites);
    expect(rows.map((row) => row.tokenHash)).toEqual(["h-pending"]);
  });

  it("deletes rate-limit rows whose window ended", async () => {
    await t.db.insert(rateLimits).values([
      { key: "rl-ended", count: 3, resetAt: ago(0.001) },
      { key: "rl-open", count: 3, resetAt: ahead(0.001) },
    ]);
    await retention();
    const rows = await t.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(rows.map((row) => row.key)).toEqual(["rl-open"]);
  });

  it("deletes outbox mail older than 30 days", async () => {
    mkdirSync(outboxDir(), { recursive: true });
    const write = (name: string, at: Date) => {
      const file = path.join(outboxDir(), name);
      writeFileSync(file, "Subject: oi\n\nlink");
      utimesSync(file, at, at);
    };
    write("old.eml", ago(31));
    write("recent.eml", ago(29));
    write("notes.txt", ago(90)); // not mail: left alone
    const result = await retention();
    expect(result.outboxFiles).toBe(1);
    expect(readdirSync(outboxDir()).sort()).toEqual(["notes.txt", "recent.eml"]);
  });

  it("erases check-in notes older than NOTES_RETENTION_DAYS, keeps the check-in and newer notes", async () => {
    const person = await createPerson(t.db);
    const checkIn = (days: number, notes: string) =>
      insertCheckInOnce(t.db, {
        userId: person.userId,
        companyId: null,
        mood: 4,
        notes,
        at: ago(days),
        day: ago(days).toISOString().slice(0, 10),
      });
    const old = await checkIn(401, "nota antiga");
    const recent = await checkIn(399, "nota recente");
    const result = await retention();
    expect(result.notesErased).toBe(1);
    const rows = await t.db.select().from(userProgress).where(eq(userProgress.userId, person.userId));
    expect(rows.find((row) => row.id === old?.id)).toMatchObject({ notes: null, mood: 4 });
    expect(rows.find((row) => row.id === recent?.id)?.notes).toBe("nota recente");
    expect((await retention()).notesErased).toBe(0); // running again changes nothing
  });

  it("deletes access events older than ACCESS_EVENTS_RETENTION_DAYS, keeps admin actions and newer events", async () => {
    const entry = (id: string, action: string, days: number) => ({
      actorEmail: `${id}@exemplo.com.br`,
      action,
      targetType: "session",
      targetId: id,
      createdAt: ago(days),
    });
    await t.db
      .insert(auditLog)
      .values([
        entry("ret-old-sign-in", "auth.sign-in", ACCESS_EVENTS_RETENTION_DAYS + 1),
        entry("ret-old-refusal", "access.denied", ACCESS_EVENTS_RETENTION_DAYS + 1),
        entry("ret-new-sign-in", "auth.sign-in", ACCESS_EVENTS_RETENTION_DAYS - 1),
        entry("ret-old-action", "company.delete", ACCESS_EVENTS_RETENTION_DAYS + 400),
      ]);
    expect((await retention()).accessEvents).toBe(2);
    const rows = await t.db.select({ id: auditLog.targetId }).from(auditLog);
    expect(rows.map((row) => row.id).sort()).toEqual(["ret-new-sign-in", "ret-old-action"]);
  });

  it("runs as the daily 'retention' job with the configured period", async () => {
    const person = await createPerson(t.db);
    const at = new Date(now.getTime() - 401 * DAY);
    await insertCheckInOnce(t.db, {
      userId: person.userId,
      companyId: null,
      mood: 2,
      notes: "escrita há muito tempo",
      at,
      day: at.toISOString().slice(0, 10),
    });
    const definitions = retentionJobs({
      env: { DATA_DIR: t.dataDir, NOTES_RETENTION_DAYS: 400, TZ_DEFAULT: "America/Sao_Paulo" },
    });
    await scheduleDailyJobs(t.db, definitions, now);
    expect(await runDueJobs({ db: t.db, definitions, now })).toEqual({ finished: 1, failed: 0 });
    const [row] = await t.db.select().from(userProgress).where(eq(userProgress.userId, person.userId));
    expect(row?.notes).toBeNull();
    const keys = (await t.db.select().from(jobs).where(eq(jobs.name, "retention"))).map((job) => job.key).sort();
    expect(keys).toEqual(["2026-11-22", "2026-11-23"]);
  });
});
