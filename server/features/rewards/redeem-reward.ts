/**
 * Redeeming a reward (docs/decisions/028) in one transaction whose every
 * guard is a conditional UPDATE, so the database settles races: the stock
 * drops only while it is above zero, the points are spent only while the
 * balance covers the cost (and the profiles check forbids a negative balance
 * anyway). Rows are always locked in the same order, reward then profile
 * (close-redemption.ts too), so concurrent redemptions and cancellations
 * queue instead of deadlocking.
 */
import { sql } from "drizzle-orm";
import { messages } from "#core/messages.ts";
import { notEnoughPointsMessage, rewardMessages } from "#core/reward-messages.ts";
import { pointsBalance } from "#core/rewards.ts";
import type { MyRedemption, PointsLedger } from "#core/schemas/rewards.ts";
import { type Db, rowsOf } from "#server/db/client.ts";
import { AppError } from "#server/errors.ts";

type Redeemer = { userId: string; companyId: string };

export async function redeemReward(
  db: Db,
  redeemer: Redeemer,
  rewardId: string,
): Promise<{ points: PointsLedger; redemption: MyRedemption }> {
  return db.transaction(async (tx) => {
    // stock - 1 leaves an unlimited (null) stock null.
    const [reward] = rowsOf<{ title: string; points_cost: number; company_id: string | null }>(
      await tx.execute(sql`
        UPDATE rewards SET stock = stock - 1
        WHERE id = ${rewardId} AND active
          AND (company_id IS NULL OR company_id = ${redeemer.companyId})
          AND (stock IS NULL OR stock > 0)
        RETURNING title, points_cost, company_id`),
    );
    if (!reward) throw await whyNotRedeemable(tx, rewardId, redeemer.companyId);

    const [spent] = rowsOf<{ engagement_points: number; points_spent: number }>(
      await tx.execute(sql`
        UPDATE profiles SET points_spent = points_spent + ${reward.points_cost}, updated_at = now()
        WHERE user_id = ${redeemer.userId} AND company_id = ${redeemer.companyId}
          AND engagement_points - points_spent >= ${reward.points_cost}
        RETURNING engagement_points, points_spent`),
    );
    if (!spent) throw await whyNotAffordable(tx, redeemer, reward.points_cost);

    const [row] = rowsOf<{ id: string; created_at: Date | string }>(
      await tx.execute(sql`
        INSERT INTO reward_redemptions (reward_id, user_id, company_id, reward_title, points_cost)
        VALUES (${rewardId}, ${redeemer.userId}, ${redeemer.companyId}, ${reward.title}, ${reward.points_cost})
        RETURNING id, created_at`),
    );
    if (!row) throw new Error("redemption insert returned no row");
    return {
      points: ledgerOf(spent.engagement_points, spent.points_spent),
      redemption: {
        id: row.id,
        rewardTitle: reward.title,
        pointsCost: reward.points_cost,
        status: "pending",
        createdAt: new Date(row.created_at).toISOString(),
        decidedAt: null,
      },
    };
  });
}

export function ledgerOf(earned: number, spent: number): PointsLedger {
  return { earned, spent, balance: pointsBalance(earned, spent) };
}

/** The refusal when the guarded UPDATE matched nothing: gone (or another company's), paused, or sold out. */
async function whyNotRedeemable(tx: Db, rewardId: string, companyId: string): Promise<AppError> {
  const [row] = rowsOf<{ active: boolean; stock: number | null }>(
    await tx.execute(sql`
      SELECT active, stock FROM rewards
      WHERE id = ${rewardId} AND (company_id IS NULL OR company_id = ${companyId})`),
  );
  if (!row) return new AppError("NOT_FOUND", rewardMessages.notFound);
  if (!row.active) return new AppError("CONFLICT", rewardMessages.unavailable);
  return new AppError("CONFLICT", rewardMessages.outOfStock);
}

async function whyNotAffordable(tx: Db, redeemer: Redeemer, cost: number): Promise<AppError> {
  const [row] = rowsOf<{ engagement_points: number; points_spent: number; company_id: string | null }>(
    await tx.execute(sql`
      SELECT engagement_points, points_spent, company_id FROM profiles WHERE user_id = ${redeemer.userId}`),
  );
  if (!row || row.company_id !== redeemer.companyId) return new AppError("NO_COMPANY", messages.noCompany);
  const balance = pointsBalance(row.engagement_points, row.points_spent);
  return new AppError("CONFLICT", notEnoughPointsMessage(cost - balance));
}
