/** How a trail row reads in pt-BR: the action's label, the date as dd/MM/yyyy HH:mm, the details in words. */

import { auditActionLabels } from "#core/audit-labels.ts";
import { countOf, formatDateTimePtBR } from "#core/format.ts";
import { planDetails } from "#core/plans.ts";
import { roleLabels } from "#core/roles.ts";
import type { AuditEntry } from "#core/schemas/audit.ts";
import { groupSessionKindLabels } from "#core/schemas/group-sessions.ts";

export function actionLabel(action: string): string {
  return auditActionLabels[action as keyof typeof auditActionLabels] ?? action;
}

const targetLabels: Record<string, string> = {
  company: "Empresa",
  invite: "Convite",
  user: "Pessoa",
  exercise: "Exercício",
  job: "Tarefa automática",
  storage: "Armazenamento",
  "group-session": "Encontro em grupo",
  "group-session-attendance": "Lista de presença",
  risk_criteria: "Critérios de avaliação (NR-1)",
  risk_inventory_version: "Inventário de riscos (NR-1)",
  session: "Sessão",
  account: "Conta",
  "sso-domain": "Domínio do login único",
  route: "Endereço da API",
};

const signInMethods: Record<string, string> = {
  password: "Com senha",
  google: "Com o Google",
  sso: "Com login único (SSO)",
};
const refusalReasons: Record<string, string> = { FORBIDDEN: "Sem permissão", ORIGIN_REFUSED: "Origem externa" };

export function targetLabel(targetType: string): string {
  return targetLabels[targetType] ?? targetType;
}

/** 'Papel: Gestor · Plano: Prime': the details that help, in words; ids and names shown elsewhere are left out. */
export function describeDetails(entry: AuditEntry): string {
  const details = entry.details ?? {};
  const out: string[] = [];
  if (typeof details.role === "string" && details.role in roleLabels) {
    out.push(`Papel: ${roleLabels[details.role as keyof typeof roleLabels]}`);
  }
  if (typeof details.plan === "string" && details.plan in planDetails) {
    out.push(`Plano: ${planDetails[details.plan as keyof typeof planDetails].label}`);
  }
  if (typeof details.membersDetached === "number") {
    out.push(countOf(details.membersDetached, "pessoa desvinculada", "pessoas desvinculadas"));
  }
  if (typeof details.kind === "string" && details.kind in groupSessionKindLabels) {
    out.push(groupSessionKindLabels[details.kind as keyof typeof groupSessionKindLabels]);
  }
  if (details.audience === "sectors") out.push("Setores escolhidos");
  if (details.rescheduled === true) out.push("Data ou local alterado");
  if (typeof details.title === "string") out.push(details.title);
  // NR-1 publications (docs/decisions/026): which establishment, which version, what matrix.
  if (typeof details.establishment === "string") out.push(`Estabelecimento: ${details.establishment}`);
  if (typeof details.version === "number") out.push(`Versão ${details.version}`);
  if (typeof details.matrix === "string") out.push(`Matriz ${details.matrix}`);
  if (typeof details.lines === "number") out.push(countOf(details.lines, "linha avaliada", "linhas avaliadas"));
  // Access events (docs/decisions/032): the route refused, why, how, from where, and how often.
  if (entry.targetType === "route" && entry.targetId) out.push(entry.targetId);
  const reason = typeof details.reason === "string" ? refusalReasons[details.reason] : undefined;
  if (reason) out.push(reason);
  const method = typeof details.method === "string" ? signInMethods[details.method] : undefined;
  if (method) out.push(method);
  if (typeof details.ended === "number") out.push(countOf(details.ended, "sessão encerrada", "sessões encerradas"));
  if (typeof details.device === "string") out.push(details.device);
  if (typeof details.ip === "string") out.push(`IP ${details.ip}`);
  if (typeof details.attempts === "number" && typeof details.lastAt === "string") {
    out.push(
      `${countOf(details.attempts, "tentativa", "tentativas")}, a última em ${formatDateTimePtBR(details.lastAt)}`,
    );
  }
  return out.join(" · ");
}
