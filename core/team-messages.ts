/** Equipe (spec 5 and 8): members, invitations and their delivery, and the team's figures. */
import { countOf, formatNumber } from "./format.ts";

export const teamMessages = {
  adminPageInvalid: "Página inválida.",
  adminSearchTooLong: "A busca pode ter até 120 caracteres.",
  inviteFailed: "Erro ao enviar convite",
  removeMemberFailed: "Erro ao remover membro",
  confirmRemoveMember: "Tem certeza que deseja remover este membro?",
  fillAllFields: "Por favor, preencha todos os campos",
  memberNotFound: "Membro não encontrado nesta empresa.",
  inviteDeliverySending: "Enviando e-mail…",
  /** An imported invitation kept for 'Enviar convites' (docs/decisions/058). */
  inviteDeliveryWaiting: "Ainda não enviado",
  sendWaitingFailed: "Não conseguimos enviar os convites agora. Tente de novo em instantes.",
  inviteDeliveryFailed: "Falha no envio",
  inviteDeliveryFailedHint: "O e-mail não saiu depois de várias tentativas. Confira o endereço e reenvie.",
  inviteResendFailed: "Erro ao reenviar convite",
  moodHidden: "Dados ocultos para proteger o anonimato",
  /** A report or tile with closed days the publishing job has not reached yet (issue 37). */
  daysPreparing: "Alguns dias ainda estão sendo preparados. Volte em alguns minutos.",
  moodPreparing: "Em preparação",
} as const;

/**
 * The company's hourly invitation cap (docs/decisions/009): how long to wait, and where many people go
 * at once. Until the roster import ('Importar pessoas') exists, that is Sereno's support.
 */
export function inviteCapMessage(max: number, retryAfterSeconds: number): string {
  const wait = countOf(Math.max(1, Math.ceil(retryAfterSeconds / 60)), "minuto", "minutos");
  return (
    `Sua empresa chegou ao limite de ${max} convites por hora. Tente de novo em ${wait}. ` +
    "Para cadastrar muitas pessoas de uma vez, use Importar pessoas, em Equipe."
  );
}

/** 'Enviar convites' of Equipe: the invitations an import kept for later leave (docs/decisions/058). */
export function waitingInvitesSentMessage(count: number): string {
  if (count === 0) return "Não há convites guardados para enviar.";
  return count === 1
    ? "1 convite a caminho: o e-mail chega à pessoa em instantes."
    : `${formatNumber(count)} convites a caminho: os e-mails saem aos poucos nos próximos minutos.`;
}

export function planLimitMessage(limit: number, planLabel: string): string {
  return `Limite de ${limit} membros atingido no plano ${planLabel}`;
}
