/**
 * The care directory for members (issue 13, docs/decisions/025): the verified psychologists a member can book,
 * filtered, and one psychologist's profile with the next free slots.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isAvailableWithin } from "#core/care.ts";
import { careTexts } from "#core/care-messages.ts";
import { directoryQuerySchema, psychologistCardSchema, slotSchema } from "#core/schemas/care.ts";
import { AppError } from "#server/errors.ts";
import { callerOf } from "#server/features/auth/index.ts";
import { careMember } from "./care-access.ts";
import { bookablePsychologists, freeSlots, toCard } from "./slots.ts";

const psychologistParams = z.object({ id: z.uuid({ error: careTexts.psychologistNotFound }) });

function matches(values: string[], wanted: string | undefined): boolean {
  if (!wanted) return true;
  const needle = wanted.toLocaleLowerCase("pt-BR");
  return values.some((value) => value.toLocaleLowerCase("pt-BR").includes(needle));
}

export async function careDirectoryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, now } = app.deps;

  app.get(
    "/api/care/psychologists",
    {
      config: { access: careMember },
      schema: {
        tags: ["cuidado"],
        summary:
          "Diretório de psicólogos(as) verificados(as), com filtros (abordagem, especialidade, modalidade, cidade, próximo horário livre), pelo horário livre mais próximo",
        querystring: directoryQuerySchema,
        response: { 200: z.array(psychologistCardSchema) },
      },
    },
    async (request) => {
      const viewer = callerOf(request, careMember);
      const { approach, specialty, modality, city, available } = request.query;
      const at = now();
      const list = (await bookablePsychologists(db, at)).filter(
        (row) =>
          matches(row.approaches, approach) &&
          matches(row.specialties, specialty) &&
          (modality !== "online" || row.online) &&
          (modality !== "presencial" || row.inPersonCity !== null) &&
          matches(row.inPersonCity ? [row.inPersonCity] : [], city),
      );
      const slots = await freeSlots(db, list, at, viewer.userId);
      return list
        .map((row) => toCard(row, slots.get(row.id) ?? []))
        .filter(
          (card) => !available || isAvailableWithin(card.nextSlot ? new Date(card.nextSlot) : null, at, available),
        )
        .sort((a, b) => (a.nextSlot ?? "9999").localeCompare(b.nextSlot ?? "9999"));
    },
  );

  app.get(
    "/api/care/psychologists/:id",
    {
      config: { access: careMember },
      schema: {
        tags: ["cuidado"],
        summary: "Um(a) psicólogo(a) e seus próximos horários livres",
        params: psychologistParams,
        response: { 200: psychologistCardSchema.extend({ slots: z.array(slotSchema) }) },
      },
    },
    async (request) => {
      const viewer = callerOf(request, careMember);
      const at = now();
      const row = (await bookablePsychologists(db, at)).find((item) => item.id === request.params.id);
      if (!row) throw new AppError("NOT_FOUND", careTexts.psychologistNotFound);
      const slots = (await freeSlots(db, [row], at, viewer.userId)).get(row.id) ?? [];
      return {
        ...toCard(row, slots),
        slots: slots.map((slot) => ({ startsAt: slot.startsAt.toISOString(), endsAt: slot.endsAt.toISOString() })),
      };
    },
  );
}
