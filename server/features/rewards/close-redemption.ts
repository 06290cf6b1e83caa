/**
 * A manager closes a pending request (docs/decisions/028): 'delivered', or
 * 'cancelled' with the points given back and the stock restored, in one
 * transaction. The status guard (WHERE status = 'pending') makes a double
 * click or two managers at once close it once. Lock order: redemption,
 * reward, profile (the reward before the profile, as redeem-reward.ts does).
 */
import { sql } from "drizzle-orm";
import type { RedemptionStatus } from "#core/rewards.ts";
import { type Db, rowsOf } from "#server/db/client.ts";

/** False when there is no pending request with that id in the company. */
export async function closeRedemption(
  db: Db,
  companyId: string,
  redemptionId: string,
  outcome: Exclude<RedemptionStatus, "pending">,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [closed] = rowsOf<{ user_id: string; reward_id: string | null; points_cost: number }>(
      await tx.execute(sql`
        UPDATE reward_redemptions SET status = ${outcome}, decided_at = now()
        WHERE id = ${redemptionId} AND company_id = ${companyId} AND status = 'pending'
        RETURNING user_id, reward_id, points_cost`),
    );
    if (!closed) return false;
    if (outcome === "cancelled") {
      if (closed.reward_id) {
        await tx.execute(
          sql`UPDATE rewards SET stock = stock + 1 WHERE id = ${closed.reward_id} AND stock IS NOT NULL`,
        );
      }
      await tx.execute(sql`
        UPDATE profiles SET points_spent = greatest(points_spent - ${closed.points_cost}, 0), updated_at = now()
        WHERE user_id = ${closed.user_id}`);
    }
    return true;
  });
}
