/** The pt-BR texts of passkeys and of /ativar (issue 33, docs/decisions/045), shared by server and web. */

export const passkeyMessages = {
  // Configurações › Chaves de acesso
  listFailed: "Não foi possível carregar suas chaves de acesso.",
  created: "Chave de acesso criada. Na próxima vez, entre com ela.",
  removed: "Chave de acesso removida.",
  notFound: "Chave de acesso não encontrada.",
  alreadyRegistered: "Esta chave de acesso já está cadastrada.",
  // Any ceremony
  cancelled: "A criação ou o uso da chave de acesso foi cancelado. Tente de novo quando quiser.",
  unsupported: "Este navegador não oferece chaves de acesso. Use outro navegador ou entre com e-mail e senha.",
  expired: "O tempo para usar a chave de acesso acabou. Tente de novo.",
  rejected: "Não conseguimos confirmar esta chave de acesso. Tente de novo.",
  unknownKey:
    "Esta chave de acesso não está cadastrada no Sereno (ela pode ter sido removida). Entre de outro jeito e crie uma nova em Configurações.",
  // /ativar
  activationNotFound: "Link de ativação inválido. Confira o endereço no cartaz da sua empresa.",
  noMatch: "Não encontramos uma pessoa com estes dados nesta empresa. Confira o CPF e a matrícula ou fale com o RH.",
  alreadyActivated: "Você já ativou seu acesso. Entre com sua chave de acesso ou e-mail.",
  invitedByEmail:
    "Seu acesso chega por convite no seu e-mail corporativo. Procure a mensagem do Sereno na sua caixa de entrada.",
  ticketExpired: "O tempo para ativar acabou. Informe o CPF e a matrícula de novo.",
  wayRequired: "Crie uma chave de acesso ou informe um e-mail e uma senha.",
  emailTaken: "Este e-mail já é usado por uma conta no Sereno. Use outro e-mail ou entre com ele.",
  cpfInvalid: "CPF inválido: confira os 11 dígitos.",
  matriculaRequired: "Informe sua matrícula.",
  activated: "Acesso ativado. Boas-vindas ao Sereno!",
  ticketHint: "Você tem 15 minutos para concluir. Depois, é só informar o CPF e a matrícula de novo.",
  // Recovery codes and /recuperar (docs/decisions/055)
  recoveryCodeCreateFailed: "Não foi possível criar o código de recuperação. Tente novamente.",
  recoveryCodeCreated: "Novo código de recuperação criado. O anterior deixou de valer.",
  recoveryCodeInvalid: "Código de recuperação inválido: confira as 20 letras e números.",
  recoveryNoMatch:
    "Não encontramos este código de recuperação. Confira o que você anotou: um código já usado ou trocado não vale mais.",
  recoveryTicketExpired: "O tempo para criar a nova chave acabou. Informe o código de recuperação de novo.",
  recovered:
    "Nova chave de acesso criada. As chaves antigas foram removidas e os outros aparelhos saíram da sua conta.",
  recoveryFailed: "Não foi possível recuperar seu acesso agora. Tente de novo em instantes.",
  recoveryTicketHint: "Você tem 15 minutos para concluir. Depois, é só informar o código de recuperação de novo.",
  recoveryCodeCopied: "Código copiado. Guarde-o fora deste aparelho.",
  recoveryCodeCopyFailed: "Não foi possível copiar. Anote o código à mão.",
} as const;
