import { formatMoney } from "./format.ts";
/** Plans, their member limits and prices (spec 3, docs/design.md §3): one table for server and web. */
export const plans = ["essencial", "prime", "enterprise"] as const;
export type Plan = (typeof plans)[number];

export const planDetails: Record<Plan, { label: string; memberLimit: number; monthlyPriceCents: number | null }> = {
  essencial: { label: "Essencial", memberLimit: 50, monthlyPriceCents: 29_900 },
  prime: { label: "Prime", memberLimit: 100, monthlyPriceCents: 49_900 },
  enterprise: { label: "Enterprise", memberLimit: 999_999, monthlyPriceCents: null },
};

/** The company-creation call sends starter/growth (spec 3); they are the same plans. */
const planAliases: Record<string, Plan> = { starter: "essencial", growth: "prime" };

export function normalizePlan(value: string): Plan | null {
  const lower = value.trim().toLowerCase();
  if ((plans as readonly string[]).includes(lower)) return lower as Plan;
  return planAliases[lower] ?? null;
}

/** 'R$ 299,00/mês', or 'Sob consulta' for Enterprise. */
export function formatPlanPrice(plan: Plan): string {
  const cents = planDetails[plan].monthlyPriceCents;
  if (cents === null) return "Sob consulta";
  return `${formatMoney(cents)}/mês`;
}

export function formatMemberLimit(plan: Plan): string {
  return plan === "enterprise" ? "ilimitado" : String(planDetails[plan].memberLimit);
}
