import { z } from "zod";
import { messages } from "../messages.ts";
import { normalizePlan, plans } from "../plans.ts";
import { roles } from "../roles.ts";
import { plainText } from "../text.ts";
import { pendingInviteSchema } from "./team.ts";

const required = (message: string) => plainText(message).trim().min(1, message).max(120, message);
const email = plainText(messages.emailRequired)
  .trim()
  .min(1, messages.emailRequired)
  .pipe(z.email({ error: messages.emailInvalid }));

/** POST admin-companies (spec 7): {name, manager_email, manager_name, plan}; starter/growth accepted as aliases. */
export const createCompanyInputSchema = z
  .object({
    name: required(messages.companyNameRequired),
    manager_name: required(messages.managerNameRequired),
    manager_email: email,
    plan: plainText(messages.planInvalid).transform((value, ctx) => {
      const plan = normalizePlan(value);
      if (!plan) ctx.addIssue({ code: "custom", message: messages.planInvalid });
      return plan ?? "essencial";
    }),
  })
  .strict();
export type CreateCompanyInput = z.input<typeof createCompanyInputSchema>;

/** POST admin-team (spec 7): {company_id, name, email, role}. */
export const adminAddMemberInputSchema = z
  .object({
    name: required(messages.memberNameRequired),
    email,
    role: z.enum(["user", "manager"], { error: messages.roleInvalid }),
  })
  .strict();
export type AdminAddMemberInput = z.infer<typeof adminAddMemberInputSchema>;

export const adminCompanySchema = z.object({
  id: z.string(),
  name: z.string(),
  plan: z.enum(plans),
  createdAt: z.string(),
  manager: z.object({ name: z.string(), email: z.string() }).nullable(),
  members: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.enum(roles) })),
  pendingInvites: z.array(pendingInviteSchema),
});
export type AdminCompany = z.infer<typeof adminCompanySchema>;
