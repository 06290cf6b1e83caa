/**
 * DEMO=1: 'Empresa Demo' (plan prime) with a manager, 12 members and 60 days
 * of varied check-ins and completions, so dashboards and reports have
 * something to show, and rewards with one request waiting (demo-rewards.ts),
 * group sessions, NR-1 and a Canal de escuta handler (the last member).
 * Deterministic, and a second run changes nothing.
 */
import { eq, sql } from "drizzle-orm";
import { WELLBEING_CONSENT_VERSION } from "#core/consent.ts";
import { addDays, type IsoDay, localDay } from "#core/dates.ts";
import { ESTABLISHED_MEMBER_DAYS } from "#core/disclosure.ts";
import { CHECK_IN_XP } from "#core/exercises.ts";
import { pointsForXp } from "#core/points.ts";
import type { Db } from "#server/db/client.ts";
import { companies, exercises, listeningHandlers, profiles, user, userProgress } from "#server/db/schema/index.ts";
import { createAccount } from "#server/features/auth/index.ts";
import { rebuildCompanyStats } from "#server/features/reports/index.ts";
import { seedDemoGroupSessions } from "./demo-group-sessions.ts";
import { seedDemoRewards } from "./demo-rewards.ts";
import { seedDemoRisks } from "./demo-risks.ts";

const DEMO_COMPANY = "Empresa Demo";
export const DEMO_PASSWORD = "demo-sereno-bem-estar";
export const DEMO_MANAGER = { email: "gestora@demo.sereno.com.br", name: "Gabriela Gestora" };
const memberNames = [
  "Ana Souza",
  "Bruno Lima",
  "Carla Mendes",
  "Diego Rocha",
  "Elisa Martins",
  "Felipe Costa",
  "Giovana Alves",
  "Heitor Ramos",
  "Isabela Nunes",
  "João Pereira",
  "Larissa Dias",
  "Marcos Teixeira",
];
export const demoMembers = memberNames.map((name, i) => ({
  name,
  email: `membro${String(i + 1).padStart(2, "0")}@demo.sereno.com.br`,
}));
/** The member appointed to handle the Canal de escuta (docs/decisions/049): a member, not the manager. */
export const DEMO_LISTENING_HANDLER = demoMembers.at(-1) as (typeof demoMembers)[number];

/** A small deterministic generator, so every demo install looks the same. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/**
 * The day the demo company and its people joined: before the 60 seeded days, so everyone counts toward the
 * privacy group (docs/decisions/014), and before last month began, so a whole closed month is listed whatever
 * the day (on 31 January, 61 days back is 1 December, and a month that begins on the company's first day or
 * before it is not listed).
 */
export function demoJoinedDay(today: IsoDay): IsoDay {
  const lastMonthBegan = `${addDays(`${today.slice(0, 8)}01`, -1).slice(0, 8)}01`;
  return [addDays(today, -61), addDays(lastMonthBegan, -1)].sort()[0] as IsoDay;
}

/** The day the demo members' memberships began: ESTABLISHED_MEMBER_DAYS and one before last month began. */
function demoEstablishedDay(today: IsoDay): IsoDay {
  const lastMonthBegan = `${addDays(`${today.slice(0, 8)}01`, -1).slice(0, 8)}01`;
  return addDays(lastMonthBegan, -(ESTABLISHED_MEMBER_DAYS + 1));
}

export async function seedDemo(
  db: Db,
  now = new Date(),
): Promise<{ created: boolean; logins: { email: string; name: string }[] }> {
  const logins = [DEMO_MANAGER, ...demoMembers];
  const [existing] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, DEMO_COMPANY));
  if (existing) return { created: false, logins };
  const [taken] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_MANAGER.email));
  if (taken) return { created: false, logins };

  const today = localDay(now, "America/Sao_Paulo");
  const joined = new Date(`${demoJoinedDay(today)}T09:00:00-03:00`);
  const [company] = await db
    .insert(companies)
    .values({ name: DEMO_COMPANY, plan: "prime", createdAt: joined })
    .returning();
  if (!company) throw new Error("demo company not created");
  // The demo people are fictional; they consent like any invited person would (docs/decisions/015).
  const wellbeingConsent = { at: now, version: WELLBEING_CONSENT_VERSION };
  const manager = await createAccount(db, {
    ...DEMO_MANAGER,
    password: DEMO_PASSWORD,
    role: "manager",
    companyId: company.id,
    createdAt: joined,
    wellbeingConsent,
  });
  const catalogue = await db
    .select({ id: exercises.id, xp: exercises.xpReward })
    .from(exercises)
    .where(sql`${exercises.requiredLevel} = 1 and ${exercises.deletedAt} is null`);
  const next = random(2026);
  // Energy and stress draw from their own sequence, so the moods and days above stay as they were.
  const nextOptional = random(2027);
  const memberIds: string[] = [];
  // The members' accounts are older than the company's start on Sereno (an HR file loaded ahead of it), so that
  // last month they count toward k as established members (docs/decisions/083) with no check-in history before it.
  const established = new Date(`${demoEstablishedDay(today)}T09:00:00-03:00`);

  for (const [index, member] of demoMembers.entries()) {
    const { userId } = await createAccount(db, {
      ...member,
      password: DEMO_PASSWORD,
      role: "user",
      companyId: company.id,
      createdAt: established,
      wellbeingConsent,
    });
    memberIds.push(userId);
    const engagement = 0.45 + next() * 0.5; // how often this person checks in
    const baseline = 2.6 + next() * 1.8; // their usual mood
    const rows: (typeof userProgress.$inferInsert)[] = [];
    for (let ago = 60; ago >= 1; ago--) {
      const day = addDays(today, -ago);
      const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
      if (weekday === 0 || weekday === 6 ? next() > engagement * 0.4 : next() > engagement) continue;
      const mood = Math.max(1, Math.min(5, Math.round(baseline + (next() - 0.5) * 2.2 - (weekday === 1 ? 0.4 : 0))));
      const at = new Date(`${day}T0${8 + (index % 2)}:${String(10 + index * 3).padStart(2, "0")}:00-03:00`);
      // Energy and stress are optional (docs/decisions/023): most people give them, not everyone every day.
      const near = (value: number) => Math.max(1, Math.min(5, Math.round(value + (nextOptional() - 0.5) * 2)));
      const energy = nextOptional() < 0.85 ? near(mood) : null;
      const stress = nextOptional() < 0.75 ? near(6 - mood) : null;
      rows.push({ userId, companyId: company.id, mood, energy, stress, day, completedAt: at, xpEarned: CHECK_IN_XP });
      if (catalogue.length && next() < 0.55) {
        const exercise = catalogue[Math.floor(next() * catalogue.length)] as { id: string; xp: number };
        rows.push({
          userId,
          companyId: company.id,
          exerciseId: exercise.id,
          day,
          completedAt: new Date(at.getTime() + 3_600_000),
          xpEarned: exercise.xp,
        });
      }
    }
    if (rows.length) await db.insert(userProgress).values(rows);
    const xp = rows.reduce((sum, row) => sum + (row.xpEarned ?? 0), 0);
    await db
      .update(profiles)
      .set({ xp, engagementPoints: pointsForXp(xp) })
      .where(eq(profiles.userId, userId));
  }
  await rebuildCompanyStats(db, company.id);
  await seedDemoRewards(db, company.id);
  await seedDemoGroupSessions(db, company.id, memberIds, now);
  await seedDemoRisks(db, {
    companyId: company.id,
    companyName: company.name,
    manager: { userId: manager.userId, ...DEMO_MANAGER },
    memberIds,
    today,
    random: random(1419),
  });
  const handlerId = memberIds.at(-1);
  if (handlerId)
    await db.insert(listeningHandlers).values({ companyId: company.id, userId: handlerId, appointedOn: today });
  return { created: true, logins };
}
