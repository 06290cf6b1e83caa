/**
 * The NR-1 forms' validation: the schemas of core/schemas/risks.ts, which the
 * server checks too, with the few conversions the fields need first (an empty
 * 'Dentro de' is the top level, an empty optional date is none).
 */
import { z } from "zod";
import {
  participationInputSchema,
  type ReviewTriggerInput,
  reviewTriggerInputSchema,
  type SectorInput,
  type SectorUpdate,
  sectorInputSchema,
  sectorUpdateSchema,
} from "#core/schemas/risks.ts";

/**
 * An empty number field counts as 0, as these forms always read it. Given what
 * is typed, and also the starting number itself (react-hook-form passes both).
 */
export const blankAsZero = (value: unknown) => (typeof value === "string" && value.trim() === "" ? 0 : Number(value));

/** What the person or an error message names: the form's own fields, never the company an admin acts for. */
type Fields<T> = Omit<T, "companyId">;

/** 'Dentro de' says '' for the top level; the API says null. */
type WithParent<T> = Omit<T, "parentId"> & { parentId: string };

export type SectorValues = WithParent<Fields<SectorInput>>;
export const sectorFormSchema = z
  .custom<SectorValues>()
  .transform((values): z.input<typeof sectorInputSchema> => ({ ...values, parentId: values.parentId || null }))
  .pipe(sectorInputSchema);

export type SectorEditValues = WithParent<Required<Fields<SectorUpdate>>>;
export const sectorEditFormSchema = z
  .custom<SectorEditValues>()
  .transform((values): z.input<typeof sectorUpdateSchema> => ({ ...values, parentId: values.parentId || null }))
  .pipe(sectorUpdateSchema);

/** A record is filed under the establishment chosen in the form, which goes in the path, not the body. */
export const recordFormSchema = participationInputSchema
  .omit({ companyId: true })
  .extend({ establishmentId: z.string() });

export type TriggerValues = Omit<Fields<ReviewTriggerInput>, "reviewDueOn"> & { reviewDueOn: string };
export const triggerFormSchema = z
  .custom<TriggerValues>()
  .transform(
    ({ reviewDueOn, ...values }): ReviewTriggerInput => ({ ...values, ...(reviewDueOn ? { reviewDueOn } : {}) }),
  )
  .pipe(reviewTriggerInputSchema);
