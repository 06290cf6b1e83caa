import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { companies } from "./companies.ts";

/**
 * A reward members can redeem with their points (docs/decisions/028): the
 * platform's catalogue when company_id is null (kept by admins, offered to
 * every company), else one company's own (kept by its manager). A null stock
 * means unlimited; the checks keep a stock from ever going below zero.
 */
export const rewards = pgTable(
  "rewards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    pointsCost: integer("points_cost").notNull(),
    stock: integer("stock"),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("rewards_points_cost_positive", sql`${table.pointsCost} > 0`),
    check("rewards_stock_non_negative", sql`${table.stock} is null or ${table.stock} >= 0`),
    index("rewards_company_idx").on(table.companyId, table.active),
  ],
);

/**
 * One redemption: the points it cost and the reward's title at that moment
 * (an edit later does not rewrite history), a request the member's company
 * manager fulfils. Points come back only on 'cancelled'.
 */
export const rewardRedemptions = pgTable(
  "reward_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    rewardId: uuid("reward_id").references(() => rewards.id, { onDelete: "set null" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "set null" }),
    rewardTitle: text("reward_title").notNull(),
    pointsCost: integer("points_cost").notNull(),
    status: text("status", { enum: ["pending", "delivered", "cancelled"] })
      .notNull()
      .default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (table) => [
    check("reward_redemptions_points_cost_positive", sql`${table.pointsCost} > 0`),
    check("reward_redemptions_decided_when_closed", sql`(${table.status} = 'pending') = (${table.decidedAt} is null)`),
    index("reward_redemptions_company_idx").on(table.companyId, table.status, table.createdAt),
    index("reward_redemptions_user_idx").on(table.userId, table.createdAt),
    index("reward_redemptions_reward_idx").on(table.rewardId, table.status),
  ],
);
