/** Test helpers for check-ins: the app opened as a person, and their mood check-in rows. */
import { and, eq, isNull } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "#server/db/client.ts";
import { userProgress } from "#server/db/schema/index.ts";
import type { signedInPerson } from "./sessions.ts";

type Person = Awaited<ReturnType<typeof signedInPerson>>;

/** The app opened (GET /api/me), as it is before a check-in: the server has met the caller (docs/decisions/021). */
export async function openedApp(person: Person) {
  expect((await person.as({ method: "GET", url: "/api/me" })).statusCode).toBe(200);
}

/** A person's mood check-ins (not exercise completions), straight from the database. */
export function moodCheckInsOf(db: Db, userId: string) {
  return db
    .select()
    .from(userProgress)
    .where(and(eq(userProgress.userId, userId), isNull(userProgress.exerciseId)));
}
