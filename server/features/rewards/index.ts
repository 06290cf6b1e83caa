/**
 * The public module of rewards: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/rewards/ is private to it; tests may reach inside.
 */
export { redeemReward } from "./redeem-reward.ts";
export { rewardPlugin } from "./rewards.plugin.ts";
