/** The platform administration (spec 8): companies, plans (docs/decisions/058), jobs and exercises. */
import { countOf, formatNumber } from "./format.ts";

export const adminMessages = {
  // Jobs (docs/decisions/019)
  jobNotFound: "Tarefa não encontrada.",

  // Administration (spec 8)
  adminInviteSent: "Convite enviado: o e-mail está a caminho",
  adminMemberRemoved: "Membro removido",
  companyCreated: "Empresa criada com sucesso",
  companyRemoved: "Empresa removida",
  confirmRemoveCompanyMember: "Remover este membro da empresa?",
  confirmDeleteCompany: "Apagar esta empresa?",
  companyNameRequired: "O nome da empresa é obrigatório",
  managerNameRequired: "O nome do gestor é obrigatório",
  memberNameRequired: "O nome do membro é obrigatório",
  planInvalid: "Plano inválido. Escolha Essencial, Prime ou Enterprise.",
  roleInvalid: "Papel inválido. Escolha Membro ou Gestor.",
  adminOnly: "Acesso Restrito",
  storageSetupFailed: "Erro ao configurar armazenamento",

  // Exercise administration (spec 2, 5, 8)
  exerciseCreated: "Exercício criado com sucesso!",
  exerciseCreateFailed: "Erro ao criar exercício",
  exerciseDeleted: "Exercício excluído com sucesso!",
  exerciseDeleteFailed: "Erro ao excluir exercício",
  confirmDeleteExercise: "Tem certeza que deseja excluir este exercício?",
  noExercisesYet: "Nenhum exercício criado ainda.",
  storageChecking: "Verificando configuração de armazenamento...",
  storageNotConfigured: "Armazenamento não configurado. Algumas funcionalidades podem não funcionar corretamente.",
  storageConfigured: "Armazenamento configurado com sucesso!",
  exerciseAdminOnly: "Acesso não autorizado",
  titleRequired: "O título é obrigatório",
  categoryRequired: "Escolha uma categoria",
  descriptionRequired: "A descrição é obrigatória",
  durationRequired: "A duração é obrigatória",
  mediaUrlRequired: "Informe a URL da mídia",
  mediaUrlInvalid: "URL inválida. Use um endereço que comece com http:// ou https://",
  mediaFileRequired: "Selecione o arquivo de mídia",
  levelRange: "O nível deve ser um número de 1 a 15",
  xpMinimum: "O XP deve ser um número maior ou igual a 1",
} as const;

/** The admin's plan change (docs/decisions/058). */
export function planChangedMessage(planLabel: string): string {
  return `Plano alterado para ${planLabel}.`;
}

export function samePlanMessage(planLabel: string): string {
  return `A empresa já está no plano ${planLabel}.`;
}

/** A smaller plan than the seats in use: members, pending invites and people awaiting activation (docs/decisions/058). */
export function planBelowSeatsMessage(used: number, limit: number, planLabel: string): string {
  return (
    `A empresa usa ${countOf(used, "vaga", "vagas")} e o plano ${planLabel} tem ${formatNumber(limit)}. ` +
    "Para mudar para ele, remova pessoas ou cancele convites até caber no plano."
  );
}

/** The admin screen's error for a non-OK reply (spec 8). */
export function adminErrorMessage(action: string, status: number, statusText: string, body: string): string {
  return `Erro ao ${action}: ${status} ${statusText}. ${body}`.trim();
}
