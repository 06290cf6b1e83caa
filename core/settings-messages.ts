/**
 * Configurações: profile, password, reminders (docs/decisions/019), push and the active sessions (032).
 */

export const settingsMessages = {
  // Settings
  settingsSaved: "Configurações salvas com sucesso!",

  // Check-in reminders and e-mail unsubscribe (docs/decisions/019)
  reminderTimeInvalid: "Informe um horário no formato HH:MM, por exemplo 09:30.",
  reminderDaysInvalid: "Escolha os dias da semana do lembrete.",
  reminderInQuietHours:
    "O horário do lembrete está dentro do seu horário de silêncio. Escolha outro horário ou ajuste o silêncio.",
  unsubscribeInvalid:
    "Este link de descadastro não é válido. Você pode desativar os e-mails em Configurações › Notificações.",
  settingsFailed: "Erro ao salvar configurações. Tente novamente.",
  passwordChanged: "Senha alterada com sucesso!",
  passwordChangeFailed: "Erro ao alterar senha",
  nameRequired: "O nome é obrigatório",

  // Offline check-ins (docs/decisions/027)
  pushSubscriptionInvalid: "Inscrição de notificações push inválida. Tente ativar de novo.",
  pushPermissionDenied:
    "O navegador não permitiu notificações do Sereno. Libere-as nas configurações do navegador e tente de novo.",
  pushSetupFailed: "Não foi possível ativar as notificações push neste navegador. Tente novamente.",
  pushUnsupported: "Este navegador não recebe notificações push. Os lembretes continuam por e-mail, se ativados.",
} as const;

/** Configurações › Sessões ativas (docs/decisions/032). */
export const sessionMessages = {
  notFound: "Sessão não encontrada. Ela pode já ter sido encerrada.",
  ended: "Sessão encerrada. O outro aparelho precisará entrar de novo.",
  othersEnded: "As outras sessões foram encerradas.",
  noOthers: "Não há outras sessões abertas.",
  failed: "Não foi possível encerrar a sessão. Tente novamente.",
} as const;
