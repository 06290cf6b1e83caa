/** The pt-BR texts of the WhatsApp channel (docs/decisions/092), shared by server and web. */
export const whatsappMessages = {
  // Configurações › Lembretes
  numberInvalid: "Informe o número do seu WhatsApp com DDD, como (11) 91234-5678.",
  notAvailable: "Sua empresa ainda não ativou lembretes por WhatsApp.",
  numberTaken: "Este número já está confirmado em outra conta desta empresa.",
  codeInvalid: "Código incorreto. Confira a mensagem do Sereno no seu WhatsApp e tente de novo.",
  codeExpired: "Este código expirou ou já foi usado. Peça um novo código.",
  codeFormat: "O código tem 6 números.",
  notConfirmed: "Confirme seu número de WhatsApp com o código antes de ativar os lembretes por lá.",
  sendFailed: "Não conseguimos enviar o código pelo WhatsApp agora. Tente de novo em alguns minutos.",
  codeSent: "Enviamos um código para o seu WhatsApp.",
  confirmed: "Pronto: seus lembretes de check-in vão chegar pelo WhatsApp.",
  optedOut: "Você não vai mais receber lembretes pelo WhatsApp.",
  // Administração › a company › WhatsApp
  phoneNumberIdInvalid: "Informe o ID do número de telefone (só números), como aparece no painel da Meta.",
  tokenRequired: "Informe o token de acesso do WhatsApp Business.",
  appSecretRequired: "Informe a chave secreta do app da Meta.",
  workingDaysInvalid: "Escolha ao menos um dia de trabalho.",
  saved: "WhatsApp conectado.",
  removed: "WhatsApp desconectado.",
  alreadyRemoved: "O WhatsApp desta empresa não está conectado.",
  confirmRemove: "Desconectar o WhatsApp desta empresa?",
  confirmRemoveDetail:
    "Nenhum lembrete sai mais pelo WhatsApp. Quem escolheu o WhatsApp passa a receber pelo app ou por e-mail. Para voltar, conecte o número de novo.",
  // Webhook
  signatureInvalid: "Assinatura do webhook inválida.",
} as const;
