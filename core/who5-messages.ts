/** pt-BR texts of the WHO-5 that only the server sends (docs/decisions/042: they cost no page its first load). */
export const who5Messages = {
  consentRequired:
    "Para responder ao Índice de Bem-Estar, dê antes o seu consentimento (no Painel ou em Configurações › Privacidade).",
  consentVersionInvalid: "Esta versão do termo não é a atual. Recarregue a página e tente de novo.",
  consentGiven: "Consentimento registrado. Você já pode responder ao Índice de Bem-Estar.",
  consentRevoked: "Consentimento revogado. Nenhuma resposta nova ao Índice de Bem-Estar será guardada.",
  notForRole: "O Índice de Bem-Estar é para as pessoas de uma empresa.",
  answered: "Respostas guardadas. Obrigado por reservar esse tempo para você.",
  dismissed: "Tudo bem. Voltamos a lembrar daqui a duas semanas.",
  /** {last} and {next} are dd/MM/yyyy. */
  tooSoon:
    "Você já respondeu ao Índice de Bem-Estar em {last}. Para que ele mostre uma mudança real, a próxima resposta é a partir de {next}.",
  nudgeSubject: "Como você tem se sentido? O Índice de Bem-Estar do trimestre está disponível",
  nudgeBody:
    "Uma vez por trimestre, o Sereno convida você a responder cinco perguntas curtas sobre as suas últimas duas semanas. Leva cerca de um minuto e só você vê suas respostas.",
  nudgeButton: "Responder agora",
} as const;
