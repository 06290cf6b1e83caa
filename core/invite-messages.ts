/** Accepting an invitation and activating the account (spec 8). */

export const inviteMessages = {
  // Account setup (spec 8)
  linkInvalidOrExpired: "Link inválido ou expirado",
  updatePasswordFailed: "Erro ao atualizar senha. Tente novamente.",
  inviteTokenMissing: "Token inválido",
  inviteInvalid: "Convite inválido ou expirado",
  accountCreateFailed: "Não foi possível criar sua conta",
  accountConfirmed: "Conta Confirmada!",
  accountCreated: "Conta criada com sucesso! Redirecionando...",
  consentRequired: "Para ativar sua conta, autorize o tratamento dos seus dados de bem-estar.",
  consentLabel:
    "Autorizo o Sereno a tratar meus dados de bem-estar (humor, anotações e progresso nos exercícios) para registrar meu histórico pessoal e compor relatórios agregados e anônimos, como descrito na Política de Privacidade.",

  // Activated by e-mail (LGPD art. 18, docs/decisions/015)
  accountActivated: "Conta ativada! Agora é só entrar com seu e-mail e a senha que você criou.",
} as const;
