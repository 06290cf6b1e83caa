/**
 * Who was in a company when: the one rule every figure about people counts its members by (docs/design.md §4).
 * `membership` names a `company_memberships` row in the statement (`sql\`cm\``); the times are SQL instants.
 */
import { type SQL, sql } from "drizzle-orm";

/** The membership covered the instant: it began before it and had not ended by then. */
export const membershipCovers = (membership: SQL, instant: SQL): SQL =>
  sql`(${membership}.joined_at < ${instant} AND (${membership}.left_at IS NULL OR ${membership}.left_at > ${instant}))`;

/** The membership overlapped the period [start, end): it began before the end and had not ended before the start. */
export const membershipOverlaps = (membership: SQL, start: SQL, end: SQL): SQL =>
  sql`(${membership}.joined_at < ${end} AND (${membership}.left_at IS NULL OR ${membership}.left_at >= ${start}))`;
