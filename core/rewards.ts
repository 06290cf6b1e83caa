/**
 * The points ledger (docs/decisions/028): points earned for practice
 * (profiles.engagement_points, lifetime, unlocks content) and points spent on
 * redemptions not cancelled (profiles.points_spent). Redeeming spends from the
 * balance; content unlocking keeps reading the lifetime total.
 */
export function pointsBalance(earned: number, spent: number): number {
  return Math.max(0, earned - spent);
}

export function canAfford(balance: number, cost: number): boolean {
  return balance >= cost;
}

/** A null stock is unlimited; zero is sold out. */
export function isInStock(stock: number | null): boolean {
  return stock === null || stock > 0;
}

export const redemptionStatuses = ["pending", "delivered", "cancelled"] as const;
export type RedemptionStatus = (typeof redemptionStatuses)[number];

export const redemptionStatusLabels: Record<RedemptionStatus, string> = {
  pending: "Pendente",
  delivered: "Entregue",
  cancelled: "Cancelado",
};
