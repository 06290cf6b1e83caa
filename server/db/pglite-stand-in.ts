/**
 * What drizzle's PGlite driver imports from PGlite, in the server bundle
 * (scripts/build.mjs points drizzle-orm/pglite's imports of
 * `@electric-sql/pglite` here): the type numbers its result parsers name.
 * PGlite itself runs on its own thread (server/db/pglite-worker.mjs), and
 * loading its 0.5 MB of JavaScript on the server's thread too, for four
 * numbers, cost 40–80 ms of every start (docs/decisions/021). PostgreSQL's
 * type numbers never change; server/db/pglite-thread.test.ts checks them
 * against PGlite's.
 */
export const types = { DATE: 1082, TIMESTAMP: 1114, TIMESTAMPTZ: 1184, INTERVAL: 1186 } as const;

/**
 * drizzle builds one from a connection string; ours always hands it the thread's client.
 * @public drizzle-orm/pglite imports it through the bundle's alias (scripts/build.mjs)
 */
export class PGlite {
  constructor() {
    throw new Error("PGlite runs on its own thread (server/db/pglite-thread.ts)");
  }
}
