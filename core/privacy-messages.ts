/**
 * Privacy and data rights (LGPD art. 18, docs/decisions/015): consent versions and deleting the account.
 */

export const privacyMessages = {
  wellbeingConsentVersionInvalid:
    "Essa versão do termo de consentimento não é a atual. Recarregue a página e tente novamente.",
  accountDeletePasswordRequired: "Digite sua senha para confirmar a exclusão.",
  accountDeleteLinkInvalid: "Este link de exclusão é inválido ou expirou. Peça um novo em Configurações.",
  accountDeleted: "Sua conta foi excluída. Enviamos uma confirmação para o seu e-mail.",
} as const;
