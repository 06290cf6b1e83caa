import { z } from "zod";
import { adminMessages } from "../admin-messages.ts";
import { messages } from "../messages.ts";
import { normalizePlan, plans } from "../plans.ts";
import { roles } from "../roles.ts";
import { teamMessages } from "../team-messages.ts";
import { plainText } from "../text.ts";
import { pendingInviteSchema } from "./team.ts";

/** The `:id` of /api/admin/companies/:id/…, refused with the spec's message when it is not a company id. */
export const companyIdParamsSchema = z.object({ id: z.uuid({ error: messages.companyIdMissing }) });

const required = (message: string) => plainText(message).trim().min(1, message).max(120, message);
const email = plainText(messages.emailRequired)
  .trim()
  .min(1, messages.emailRequired)
  .pipe(z.email({ error: messages.emailInvalid }));

/** POST admin-companies (spec 7): {name, manager_email, manager_name, plan}; starter/growth accepted as aliases. */
export const createCompanyInputSchema = z
  .object({
    name: required(adminMessages.companyNameRequired),
    manager_name: required(adminMessages.managerNameRequired),
    manager_email: email,
    plan: plainText(adminMessages.planInvalid).transform((value, ctx) => {
      const plan = normalizePlan(value);
      if (!plan) ctx.addIssue({ code: "custom", message: adminMessages.planInvalid });
      return plan ?? "essencial";
    }),
  })
  .strict();
export type CreateCompanyInput = z.input<typeof createCompanyInputSchema>;

/** PATCH /api/admin/companies/:id/plan: the plan a company moves to (docs/decisions/058). */
export const changePlanInputSchema = z.object({ plan: z.enum(plans, { error: adminMessages.planInvalid }) }).strict();

/** POST admin-team (spec 7): {company_id, name, email, role}. */
export const adminAddMemberInputSchema = z
  .object({
    name: required(adminMessages.memberNameRequired),
    email,
    role: z.enum(["user", "manager"], { error: adminMessages.roleInvalid }),
  })
  .strict();
export type AdminAddMemberInput = z.infer<typeof adminAddMemberInputSchema>;

/** Companies per page of Administração, and members (with pending invites) per page of one company (decision 054). */
export const ADMIN_PAGE_SIZE = 20;

const pageNumber = z.coerce
  .number({ error: teamMessages.adminPageInvalid })
  .int(teamMessages.adminPageInvalid)
  .min(1, teamMessages.adminPageInvalid);

/** `?q=&page=`: a name (or e-mail) that contains q, ignoring case and accents; pages from 1. */
export const adminSearchQuerySchema = z.object({
  q: plainText(teamMessages.adminSearchTooLong).trim().max(120, teamMessages.adminSearchTooLong).optional(),
  page: pageNumber.max(100_000, teamMessages.adminPageInvalid).default(1),
});

/** One company on the admin's list: its figures come from SQL counts, never from loading its people. */
const adminCompanySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  plan: z.enum(plans),
  createdAt: z.string(),
  /** The manager who joined, or else the one invited (pending: true). */
  manager: z.object({ name: z.string(), email: z.string(), pending: z.boolean() }).nullable(),
  memberCount: z.number().int(),
  pendingInviteCount: z.number().int(),
  /** Members and pending invites: both hold a seat of the plan. */
  seatsUsed: z.number().int(),
  seatLimit: z.number().int(),
});
export type AdminCompanySummary = z.infer<typeof adminCompanySummarySchema>;

export const adminCompanyPageSchema = z.object({
  items: z.array(adminCompanySummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminCompanyPage = z.infer<typeof adminCompanyPageSchema>;

const adminMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

/** One page of a company's members and, on the same page number, of its pending invites (decision 054). */
export const adminCompanyPeopleSchema = z.object({
  members: z.array(adminMemberSchema),
  memberTotal: z.number().int(),
  pendingInvites: z.array(pendingInviteSchema),
  pendingInviteTotal: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminCompanyPeople = z.infer<typeof adminCompanyPeopleSchema>;
