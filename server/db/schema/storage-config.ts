import { boolean, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Whether an admin has set up the file bucket (spec 3 'storage_config'). */
export const storageConfig = pgTable("storage_config", {
  bucketName: text("bucket_name").primaryKey(),
  configured: boolean("configured").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
