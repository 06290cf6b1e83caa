/**
 * DEMO=1, care (issue 13): two verified psychologists with accounts and a
 * weekly agenda, and a few bookings of the demo members (through the same
 * booking code as the API, so the ledger holds their credits). Runs after
 * seedDemo; a second run changes nothing.
 */
import { eq } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { availabilityWindows, profiles, psychologists } from "#server/db/schema/index.ts";
import { createAccount } from "#server/features/auth/index.ts";
import { bookablePsychologists, bookSlot, freeSlots } from "#server/features/care/index.ts";
import { DEMO_PASSWORD, demoMembers } from "./demo.ts";

export const demoPsychologists = [
  {
    email: "psicologa@demo.sereno.com.br",
    fullName: "Helena Duarte",
    crpNumber: "06/145872",
    crpUf: "SP",
    approaches: ["TCC"],
    specialties: ["Ansiedade", "Burnout"],
    inPersonCity: "São Paulo",
    bio: "Psicóloga clínica há 12 anos, com foco em ansiedade e esgotamento no trabalho.",
    windows: [1, 2, 3, 4, 5].flatMap((weekday) => [
      { weekday, startMinute: 9 * 60, endMinute: 12 * 60 },
      { weekday, startMinute: 14 * 60, endMinute: 18 * 60 },
    ]),
  },
  {
    email: "psicologo@demo.sereno.com.br",
    fullName: "Rafael Moreira",
    crpNumber: "05/98231",
    crpUf: "RJ",
    approaches: ["Psicanálise"],
    specialties: ["Luto", "Relacionamentos"],
    inPersonCity: null,
    bio: "Atende adultos online, com escuta cuidadosa para fases de mudança e perda.",
    windows: [1, 3, 5].map((weekday) => ({ weekday, startMinute: 18 * 60, endMinute: 21 * 60 })),
  },
];

export async function seedDemoCare(db: Db, now = new Date()): Promise<void> {
  const [existing] = await db
    .select({ id: psychologists.id })
    .from(psychologists)
    .where(eq(psychologists.email, demoPsychologists[0]?.email ?? ""));
  if (existing) return;
  const epsi = new Date(now.getTime() - 200 * 86_400_000).toISOString().slice(0, 10);
  for (const { windows, ...person } of demoPsychologists) {
    const { userId } = await createAccount(db, {
      email: person.email,
      name: person.fullName,
      password: DEMO_PASSWORD,
      role: "psychologist",
      companyId: null,
    });
    const [row] = await db
      .insert(psychologists)
      .values({
        ...person,
        userId,
        epsiConfirmedOn: epsi,
        status: "verified",
        verifiedAt: now,
        videoUrl: "https://meet.jit.si/sereno-demo",
      })
      .returning({ id: psychologists.id });
    if (row)
      await db.insert(availabilityWindows).values(windows.map((window) => ({ ...window, psychologistId: row.id })));
  }
  // A few upcoming bookings, so both agendas and the members' lists have something to show.
  const list = await bookablePsychologists(db, now);
  const slots = await freeSlots(db, list, now, null);
  for (const [index, member] of demoMembers.slice(0, 4).entries()) {
    const [profile] = await db
      .select({ userId: profiles.userId, companyId: profiles.companyId })
      .from(profiles)
      .where(eq(profiles.email, member.email));
    const psychologist = list[index % list.length];
    const slot = psychologist ? slots.get(psychologist.id)?.[index * 2] : undefined;
    if (!profile?.companyId || !psychologist || !slot) continue;
    const { companyId, userId } = profile;
    await db.transaction(async (t) =>
      bookSlot(t, {
        memberId: userId,
        companyId,
        psychologistId: psychologist.id,
        startsAt: slot.startsAt,
        now,
      }),
    );
  }
}
