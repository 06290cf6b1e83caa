/**
 * A person's own check-ins. Every query here is scoped to the caller's user
 * id: no route takes another person's id (docs/design.md §4).
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { checkInMessages } from "#core/check-in-messages.ts";
import { addDays, type IsoDay, localDay } from "#core/dates.ts";
import { pointsForXp } from "#core/points.ts";
import {
  type CheckInInput,
  checkInInputSchema,
  checkInMonthQuerySchema,
  checkInMonthSchema,
  createdCheckInSchema,
  todayCheckInSchema,
} from "#core/schemas/check-ins.ts";
import { serverMessages } from "#core/server-messages.ts";
import { checkInSavedMessage, streakFreeze } from "#core/streak.ts";
import { levelFor } from "#core/xp.ts";
import { executePrepared, rowsOf } from "#server/db/client.ts";
import { userProgress } from "#server/db/schema/index.ts";
import { AppError } from "#server/errors.ts";
import {
  asCaller,
  callerOf,
  consentedRemembered,
  type RememberedCaller,
  recheckSql,
  signedIn,
  signedInRemembered,
  type Viewer,
} from "#server/features/auth/index.ts";
import { checkInEditRoutes } from "./check-in-edit.routes.ts";
import { awardOf, checkInOn, checkInsBefore, lowPatternOn } from "./daily-loop.ts";
import { insertCheckInAs } from "./insert-check-in.ts";
import { checkInMoment } from "./offline-check-in.ts";
import { toCheckIn } from "./to-check-in.ts";

type MonthDay = { id: string; day: string; mood: number; energy: number | null; stress: number | null };
type MonthRow = Omit<MonthDay, "id"> & { id: string | null; holds: boolean };

/** The days among the statement's rows: a lone row without an id means none. */
function monthDays(rows: MonthRow[]): MonthDay[] {
  return rows.flatMap(({ id, day, mood, energy, stress }) => (id ? [{ id, day, mood, energy, stress }] : []));
}

/**
 * A person's check-ins from `first` to `last`; one row always (`holds`), and
 * the days only if the remembered caller, if any, still holds.
 */
function monthStatement(userId: string, first: IsoDay, last: IsoDay, recheck: RememberedCaller | null) {
  return sql`
    WITH caller AS (SELECT ${recheckSql(recheck)} AS holds)
    SELECT caller.holds, up.id, up.day::text AS day, up.mood, up.energy, up.stress
    FROM caller LEFT JOIN user_progress up ON caller.holds AND up.user_id = ${userId} AND up.exercise_id IS NULL
      AND up.day BETWEEN ${first}::date AND ${last}::date
    ORDER BY up.day`;
}

export async function checkInRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;

  /** The check-in for `viewer`; for a remembered caller, only if the statement finds them unchanged. */
  async function checkIn(body: CheckInInput, viewer: Viewer, recheck: RememberedCaller | null) {
    const { at, day, isOffline } = checkInMoment(body.madeAt, now(), viewer.timezone);
    const input = {
      userId: viewer.userId,
      companyId: viewer.companyId,
      mood: body.mood,
      energy: body.energy ?? null,
      stress: body.stress ?? null,
      notes: body.notes || null,
      at,
      day,
    };
    const created = await insertCheckInAs(db, input, recheck);
    if (created === undefined) return undefined;
    if (!created) {
      const isToday = day === localDay(now(), viewer.timezone);
      throw new AppError(
        "CHECKIN_ALREADY_DONE",
        isOffline && !isToday ? checkInMessages.checkInDayAlreadyDone : serverMessages.checkInAlreadyDone,
      );
    }
    return { viewer, day, created };
  }

  app.post(
    "/api/check-ins",
    {
      config: { access: consentedRemembered },
      schema: {
        tags: ["check-ins"],
        summary: "Registra o check-in do dia (+50 XP e o bônus de sequência, uma vez por dia)",
        body: checkInInputSchema,
        response: { 201: createdCheckInSchema },
      },
    },
    async (request, reply) => {
      // The caller an earlier request read, checked again by the check-in's own statement (docs/decisions/021);
      // one remembered without consent may have given it since, so only the database's answer refuses.
      const { viewer, day, created } = await asCaller(request, consentedRemembered, (caller, _, recheck) =>
        checkIn(request.body, caller, recheck),
      );
      const xp = created.xp ?? viewer.xp + created.xpEarned;
      const award = awardOf(created.previousStreakDays, created.xpEarned);
      reply.status(201);
      return {
        checkIn: toCheckIn(created),
        award,
        lowPattern: lowPatternOn(day, created, created.earlier),
        xp,
        level: levelFor(xp),
        engagementPoints: created.engagementPoints ?? viewer.engagementPoints + pointsForXp(created.xpEarned),
        message: checkInSavedMessage(award),
      };
    },
  );

  app.get(
    "/api/check-ins/today",
    {
      config: { access: signedIn },
      schema: {
        tags: ["check-ins"],
        summary: "O check-in de hoje, o que ele vale (sequência) e o cartão de apoio, só para quem pergunta",
        response: { 200: todayCheckInSchema },
      },
    },
    async (request) => {
      const viewer = callerOf(request, signedIn);
      const day = localDay(now(), viewer.timezone);
      // Today's row and, in one read, the days before it: the award, the freeze and the support card come from them.
      const [[row], { previousDays, earlier }] = await Promise.all([
        db.select().from(userProgress).where(checkInOn(viewer.userId, day)).limit(1),
        checkInsBefore(db, viewer.userId, day),
      ]);
      const checkInDays = earlier.map((checkIn) => checkIn.day);
      return {
        day,
        checkIn: row ? toCheckIn(row) : null,
        award: awardOf(previousDays, row?.xpEarned ?? null),
        streakFreeze: streakFreeze(row ? [day, ...checkInDays] : checkInDays, day),
        lowPattern: lowPatternOn(day, row ?? null, earlier),
      };
    },
  );

  app.get(
    "/api/check-ins",
    {
      config: { access: signedInRemembered },
      schema: {
        tags: ["check-ins"],
        summary: "Os próprios check-ins de um mês, para o calendário",
        querystring: checkInMonthQuerySchema,
        response: { 200: checkInMonthSchema },
      },
    },
    async (request) => {
      const { month } = request.query;
      const first = `${month}-01`;
      const last = addDays(addDays(first, 32).slice(0, 8).concat("01"), -1);
      const days = await asCaller(request, signedInRemembered, async (viewer, _, recheck) => {
        const rows = rowsOf<MonthRow>(await executePrepared(db, monthStatement(viewer.userId, first, last, recheck)));
        return rows[0]?.holds ? monthDays(rows) : undefined;
      });
      return { month, days };
    },
  );

  app.register(checkInEditRoutes);
}
