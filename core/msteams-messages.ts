/** The pt-BR texts of the Microsoft Teams channel (docs/decisions/095), shared by server and web. */
export const msteamsMessages = {
  // Configurações › Lembretes
  notAvailable: "Sua empresa ainda não ativou lembretes pelo Teams.",
  notLinked: "Abra o app Sereno no Teams e toque em 'Vincular minha conta' antes de ativar os lembretes por lá.",
  linkInvalid: "Este link de vínculo expirou ou já foi usado. Abra o app Sereno no Teams e peça um novo.",
  linkOtherCompany: "Este Teams é de outra empresa. Entre com a conta do Sereno da sua empresa.",
  linkOtherPerson:
    "Este link foi criado no Teams de outra pessoa. Para vincular o seu, abra o app Sereno no seu próprio Teams e peça um novo link.",
  linkTaken: "Esta conta do Teams já está vinculada a outra pessoa desta empresa.",
  linked: "Pronto: sua conta do Teams está vinculada ao Sereno.",
  optedIn: "Pronto: seus lembretes de check-in vão chegar pelo Teams.",
  optedOut: "Você não vai mais receber lembretes pelo Teams.",
  unlinked: "Sua conta do Teams foi desvinculada do Sereno.",
  // Administração › a company › Teams
  appIdInvalid: "Informe o ID do aplicativo (Microsoft App ID), um GUID como aparece no Azure.",
  tenantIdInvalid: "Informe o ID do locatário (tenant) do Microsoft Entra, um GUID.",
  clientSecretRequired: "Informe o segredo do cliente (client secret) do bot.",
  notConnected: "Conecte o bot do Teams antes de baixar o pacote do app.",
  removed: "Teams desconectado.",
  alreadyRemoved: "O Teams desta empresa não está conectado.",
  confirmRemove: "Desconectar o Teams desta empresa?",
  confirmRemoveDetail:
    "Nenhum lembrete sai mais pelo Teams. Quem escolheu o Teams passa a receber pelo app ou por e-mail. Para voltar, conecte o bot de novo.",
  // The bot's endpoint
  tokenInvalid: "Token do Bot Framework inválido.",
} as const;
