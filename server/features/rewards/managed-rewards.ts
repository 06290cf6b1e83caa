/**
 * The catalogue a manager (their company's) or an admin (the platform's,
 * company_id null) keeps, each reward with how many redemptions it has:
 * counts only, never who (docs/decisions/028).
 */
import { and, asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { rewardMessages } from "#core/reward-messages.ts";
import type { ManagedReward, RewardInput, RewardPatch } from "#core/schemas/rewards.ts";
import type { Db } from "#server/db/client.ts";
import { rewardRedemptions, rewards } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";

/** null: the platform catalogue. */
export type CatalogueOwner = string | null;

const ownedBy = (owner: CatalogueOwner): SQL =>
  owner ? eq(rewards.companyId, owner) : (isNull(rewards.companyId) as SQL);

export async function listManagedRewards(db: Db, owner: CatalogueOwner, id?: string): Promise<ManagedReward[]> {
  return db
    .select({
      id: rewards.id,
      title: rewards.title,
      description: rewards.description,
      pointsCost: rewards.pointsCost,
      stock: rewards.stock,
      active: rewards.active,
      pending: sql<number>`(count(${rewardRedemptions.id}) filter (where ${rewardRedemptions.status} = 'pending'))::int`,
      delivered: sql<number>`(count(${rewardRedemptions.id}) filter (where ${rewardRedemptions.status} = 'delivered'))::int`,
    })
    .from(rewards)
    .leftJoin(rewardRedemptions, eq(rewardRedemptions.rewardId, rewards.id))
    .where(id ? and(ownedBy(owner), eq(rewards.id, id)) : ownedBy(owner))
    .groupBy(rewards.id)
    .orderBy(sql`${rewards.active} desc`, asc(rewards.pointsCost), asc(rewards.title));
}

export async function createReward(db: Db, owner: CatalogueOwner, input: RewardInput): Promise<ManagedReward> {
  const [row] = await db
    .insert(rewards)
    .values({ ...input, companyId: owner })
    .returning({ id: rewards.id });
  const [created] = row ? await listManagedRewards(db, owner, row.id) : [];
  if (!created) throw new Error("reward insert returned no row");
  return created;
}

/** Another catalogue's reward is 'not found', never 'forbidden': ids of other companies say nothing. */
export async function updateReward(
  db: Db,
  owner: CatalogueOwner,
  id: string,
  patch: RewardPatch,
): Promise<ManagedReward> {
  const [row] = await db
    .update(rewards)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(ownedBy(owner), eq(rewards.id, id)))
    .returning({ id: rewards.id });
  const [updated] = row ? await listManagedRewards(db, owner, row.id) : [];
  if (!updated) throw new AppError("NOT_FOUND", rewardMessages.notFound);
  return updated;
}
