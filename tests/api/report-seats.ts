/**
 * The reports tests' seeded companies and people (server/features/reports/reports.test.ts and
 * reports-attacks.test.ts): bare companies with fixed ids (fixed noise draws with the tests' fixed
 * secret), silent accounts in bulk, check-ins by the product's own statement, and a report once published.
 */
import { expect } from "vitest";
import { companies, profiles, user } from "#server/db/schema/index.ts";
import { insertCheckInOnce } from "#server/features/check-ins/insert-check-in.ts";
import { readPublished } from "./publishing.ts";
import { type signedInPerson, TEST_EPOCH } from "./sessions.ts";
import type { TestApp } from "./test-app.ts";

type Person = Awaited<ReturnType<typeof signedInPerson>>;
type Optional = { energy?: number; stress?: number };

/** Accounts activated long before the days these tests look at: they count toward k. */
export const LONG_AGO = new Date("2026-01-05T12:00:00Z");

/** `app()` is the file's test app, made in its beforeAll. */
export function reportSeats(app: () => TestApp) {
  /** A report once its closed days are published (the job its first read wakes has run). */
  async function report(as: Person, period = "7d", companyId?: string) {
    const response = await readPublished(
      app(),
      as.as,
      `/api/reports?period=${period}${companyId ? `&companyId=${companyId}` : ""}`,
    );
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  /** People who exist (no password, no session) in bulk, for the seeded trials. */
  async function seatsFor(companyId: string, count: number, createdAt = LONG_AGO): Promise<string[]> {
    const ids = Array.from({ length: count }, (_, i) => `seat-${companyId.slice(0, 8)}-${i}-${Math.random()}`);
    await app()
      .db.insert(user)
      .values(ids.map((id) => ({ id, name: id, email: `${id}@exemplo.com.br`, emailVerified: true, createdAt })));
    await app()
      .db.insert(profiles)
      .values(ids.map((id) => ({ userId: id, name: id, email: `${id}@exemplo.com.br`, companyId, createdAt })));
    return ids;
  }

  /** A company with a fixed id when `seed` is given: with the tests' fixed secret, its noise draws are the same every run. */
  async function bareCompany(seed?: number, createdAt = TEST_EPOCH) {
    const id = seed === undefined ? undefined : `00000000-0000-4000-8000-${String(seed).padStart(12, "0")}`;
    const [company] = await app()
      .db.insert(companies)
      .values({ id, name: `Alvo ${Math.random()}`, plan: "prime", createdAt })
      .returning();
    return company as typeof companies.$inferSelect;
  }

  /** The product's own check-in statement, on a given São Paulo day. */
  const seatCheckIn = (userId: string, companyId: string, day: string, mood: number, optional: Optional = {}) =>
    insertCheckInOnce(app().db, {
      userId,
      companyId,
      mood,
      ...optional,
      notes: null,
      at: new Date(`${day}T12:00:00-03:00`),
      day,
    });

  return { report, seatsFor, bareCompany, seatCheckIn };
}
