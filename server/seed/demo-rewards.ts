/**
 * The demo's rewards (docs/decisions/028): a small platform catalogue, a few
 * of Empresa Demo's own, and one pending request for the demo manager to
 * deliver. Called by seedDemo once, when it creates the company.
 */
import { desc, eq, isNull } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { profiles, rewards } from "#server/db/schema/index.ts";
import { redeemReward } from "#server/features/rewards/index.ts";

const demoPlatformRewards = [
  {
    title: "Doação em seu nome",
    description: "R$ 20 para uma ONG de saúde mental, com o recibo no seu nome.",
    pointsCost: 300,
    stock: null,
  },
  {
    title: "Vale-livro de R$ 50",
    description: "Um código para usar em uma livraria on-line parceira.",
    pointsCost: 800,
    stock: 20,
  },
];

const demoCompanyRewards = [
  {
    title: "Um livro à sua escolha",
    description: "A empresa compra e entrega na sua mesa.",
    pointsCost: 500,
    stock: 10,
  },
  {
    title: "Almoço com a equipe",
    description: "Um almoço pago pela empresa com quem você quiser.",
    pointsCost: 600,
    stock: null,
  },
  { title: "Meio dia de folga", description: "Combine a data com sua liderança.", pointsCost: 1500, stock: 5 },
];

export async function seedDemoRewards(db: Db, companyId: string): Promise<void> {
  // The platform catalogue is shared: seeded only when an admin has not started one.
  const [platform] = await db.select({ id: rewards.id }).from(rewards).where(isNull(rewards.companyId)).limit(1);
  if (!platform) await db.insert(rewards).values(demoPlatformRewards);
  const company = await db
    .insert(rewards)
    .values(demoCompanyRewards.map((reward) => ({ ...reward, companyId })))
    .returning({ id: rewards.id, pointsCost: rewards.pointsCost });
  // The member with the most points asks for the book, so the manager has a request waiting.
  const [richest] = await db
    .select({ userId: profiles.userId, points: profiles.engagementPoints })
    .from(profiles)
    .where(eq(profiles.companyId, companyId))
    .orderBy(desc(profiles.engagementPoints))
    .limit(1);
  const book = company[0];
  if (richest && book && richest.points >= book.pointsCost) {
    await redeemReward(db, { userId: richest.userId, companyId }, book.id);
  }
}
