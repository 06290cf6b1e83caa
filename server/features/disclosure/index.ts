/**
 * The public module of disclosure: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/disclosure/ is private to it; tests may reach inside.
 */
export { budgetOf, hasBudgetFor, withinGroupSessionBudget } from "./budget.ts";
export { type Disclosed, disclose, type FigureRequest, policyOf, readDisclosed } from "./disclose.ts";
export { discreteLaplace, privacyKeyFrom } from "./noise.ts";
