/**
 * pt-BR texts only the server sends (refusals, e-mails, job results): kept apart from core/messages.ts,
 * which every page of the web loads, so they cost no page its first load (docs/decisions/042).
 * The web shows them from the server's reply. A text the web also uses belongs in core/messages.ts or
 * its area's core/<area>-messages.ts.
 */
export const serverMessages = {
  unauthenticated: "Você precisa estar logado para continuar.",
  forbidden: "Você não tem permissão para fazer isso.",
  tooManyAttempts: "Muitas tentativas. Aguarde alguns minutos e tente novamente.",
  signInLimited:
    "Muitas tentativas de entrar nesta conta. Aguarde alguns minutos ou receba um link de acesso por e-mail para entrar agora.",
  signUpClosed: "O cadastro é feito somente por convite da sua empresa.",
  notFound: "Não encontrado",
  serviceUnavailable: "Serviço temporariamente indisponível. Tente novamente em instantes.",
  uriTooLong: "O endereço da requisição é longo demais.",
  headersTooLarge: "Os cabeçalhos da requisição são grandes demais.",
  payloadTooLarge: "O envio é grande demais.",
  multipartInvalid: "O envio do formulário está malformado. Tente enviar de novo.",
  originRefused:
    "Este pedido não veio do endereço do Sereno. Abra o Sereno em {url}, recarregue a página e tente de novo.",
  noData: "Nenhum dado encontrado",
  areYouSure: "Tem certeza?",
  changesSaved: "Alterações salvas com sucesso!",
  jobCannotRunNow: "Esta tarefa roda sozinha, uma por pessoa e dia; ela não pode ser executada agora.",
  jobQueued: "Pronto: a tarefa vai rodar em até 30 segundos.",
  currentPasswordWrong: "A senha atual está incorreta",
  checkInAlreadyDone: "Você já realizou o check-in hoje",
  checkInLoginRequired: "Você precisa estar logado para fazer check-in",
  checkInMadeAtFuture: "A data e hora do check-in está no futuro. Confira o relógio do seu aparelho.",
  checkInMadeAtTooOld:
    "Este check-in foi feito sem conexão há mais de 24 horas e não pode mais ser enviado. Faça o check-in de hoje.",
  pushEndpointRefused: "Este serviço de notificações push não é aceito.",
  pushSubscribed: "Notificações push ativadas neste navegador.",
  pushUnsubscribed: "Notificações push desativadas neste navegador.",
  exerciseCompleted: "Exercício completado! XP adicionado à sua conta.",
  exerciseRepeated: "Exercício registrado! Você já ganhou o XP deste exercício hoje. Amanhã ele vale XP de novo.",
  exerciseNotFound: "Exercício não encontrado",
  companyNotFound: "Empresa não encontrada",
  loadMembersFailed: "Erro ao carregar membros da equipe",
  loadPlanFailed: "Erro ao carregar plano da empresa",
  addMemberFailed: "Erro ao adicionar membro",
  inviteSent: "Convite enviado! O e-mail chega à pessoa em instantes.",
  memberRemoved: "Membro removido com sucesso",
  cannotRemoveSelf: "Você não pode remover a si mesmo da equipe.",
  alreadyInCompany: "Esta pessoa já faz parte de uma empresa no Sereno.",
  alreadyInYourTeam: "Esta pessoa já faz parte da sua equipe.",
  tooManyInvites: "Muitos convites em pouco tempo. Aguarde um pouco e tente novamente.",
  inviteCancelled: "Convite cancelado",
  inviteResent: "Convite reenviado! O e-mail chega à pessoa em instantes.",
  /** Company names are unique ignoring case and accents (docs/decisions/058). */
  companyNameTaken: "Já existe uma empresa com esse nome. Use outro nome, ou abra a empresa que já existe na lista.",
  /** An address with a pending invitation of another company (docs/decisions/058): it is not taken over. */
  inviteHeldElsewhere:
    "Este e-mail já tem um convite pendente de outra empresa no Sereno. Ele poderá ser convidado quando esse convite for aceito, cancelado ou expirar.",
  imageDimensionsTooLarge: "A imagem deve ter no máximo 4096 × 4096 pixels. Envie uma imagem menor.",
  fileTypeMismatch: "O arquivo não corresponde ao tipo escolhido. Envie um arquivo válido.",
  thumbnailTypeInvalid: "A miniatura deve ser uma imagem PNG, JPEG, WebP ou GIF.",
  userNotFound: "Usuário não encontrado",
  psychologistExists: "Já existe um(a) psicólogo(a) com este e-mail.",
  photoTypeInvalid: "A foto deve ser uma imagem PNG, JPEG, WebP ou GIF.",
  photoRequired: "Escolha uma foto.",
  photoChangedMeanwhile: "A foto foi trocada por outra pessoa agora mesmo. Confira e envie de novo, se precisar.",
  psychologistUnavailable: "Este(a) psicólogo(a) não está recebendo agendamentos no momento.",
  slotTaken: "Este horário acabou de ser reservado por outra pessoa. Escolha outro horário livre.",
  slotTooSoon: "Este horário já passou ou está perto demais. Escolha um horário com pelo menos 1 hora de antecedência.",
  memberOverlap: "Você já tem uma consulta neste horário.",
  noCredits: "Você não tem sessões disponíveis neste ciclo. Elas se renovam no início do próximo ciclo.",
  careNeedsCompany: "O apoio psicológico é oferecido pela sua empresa. Peça ao seu gestor para convidar você.",
  appointmentNotFound: "Consulta não encontrada.",
  // PHQ-9 and GAD-7 inside care (docs/decisions/079).
  measureAlreadyAnswered:
    "Você já respondeu este questionário para este(a) profissional. Ele volta a ser oferecido depois de mais quatro sessões realizadas.",
  patientNotFound: "Pessoa não encontrada entre as que você atende.",
  alertNotFound: "Alerta não encontrado.",
  appointmentNotActive: "Esta consulta já foi cancelada ou encerrada.",
  appointmentStarted: "Esta consulta já começou e não pode mais ser cancelada ou reagendada.",
  markTooSoon: "A falta só pode ser registrada 10 minutos depois do início.",
  markBeforeStart: "A consulta ainda não começou.",
  messageNotAllowed: "Você só pode trocar mensagens com psicólogos(as) com quem já agendou.",
  bookingPaused:
    "Seu agendamento está pausado depois de três faltas seguidas. Para retomar, abra Apoio psicológico, releia a regra de faltas e confirme.",
  newCareMessage: "Você tem uma nova mensagem no Sereno",
  wellbeingConsentRequired:
    "Para registrar check-ins e exercícios, autorize o tratamento dos seus dados de bem-estar na tela de check-in ou em Configurações.",
  consentGiven: "Consentimento registrado. Você já pode fazer seu check-in.",
  consentRevoked: "Consentimento revogado. Nenhum dado de bem-estar novo será registrado.",
  checkInNotFound: "Check-in não encontrado",
  checkInDeleted: "Check-in excluído. Os números da empresa já publicados não mudam.",
  accountDeletePasswordWrong: "Senha incorreta. Confira e tente novamente.",
  accountDeleteLastAdmin:
    "Você é o último administrador da plataforma. Antes de excluir sua conta, convide outra pessoa como administradora.",
  accountDeleteLinkSent:
    "Enviamos um link para o seu e-mail. Abra-o para confirmar a exclusão da conta; ele vale por 1 hora.",
  /** Signing an NR-1 inventory version with an ICP-Brasil A1 certificate (docs/decisions/081). */
  signature: {
    managersOnly:
      "Quem assina é a pessoa responsável da empresa (no inventário do NR-1, o profissional de SST), com o acesso de gestor dela. A administração da plataforma não assina pela empresa.",
    certificateMissing: "Escolha o arquivo do certificado digital (.pfx ou .p12).",
    passwordMissing: "Informe a senha do certificado.",
    notPkcs12:
      "Este arquivo não é um certificado digital A1 (.pfx ou .p12). Exporte o certificado com a chave privada e envie de novo.",
    wrongPassword: "A senha do certificado não confere. Confira e tente de novo.",
    noKeyOrCertificate:
      "O arquivo não traz um certificado com a sua chave privada. Exporte o certificado A1 com a chave privada e envie de novo.",
    notRsa:
      "Este certificado usa um tipo de chave que o Sereno ainda não assina. Use um certificado A1 ICP-Brasil (RSA).",
    expired: "Este certificado venceu em {date}. Renove-o com a sua autoridade certificadora e assine com o novo.",
    notYetValid: "Este certificado ainda não está válido. Confira a data de início da validade.",
    notForSigning:
      "Este certificado não é de assinatura: ele não tem o uso de assinatura digital (digitalSignature ou nonRepudiation). Use o seu certificado A1 de pessoa física.",
    nameRequired: "Informe o seu nome como deve aparecer na assinatura.",
    registrationRequired:
      "Informe o seu registro profissional (por exemplo CREA-SP 1234567, CRM-RJ 52123 ou MTE 12345).",
    notPublished: "Esta versão do inventário ainda não foi publicada. Publique-a antes de assinar.",
    superseded: "Esta versão foi substituída por uma mais nova. Assine a versão em vigor do estabelecimento.",
    alreadySigned: "Esta versão já foi assinada e não pode mudar. Uma nova versão publicada é assinada de novo.",
    tooLarge: "O arquivo do certificado passa de 64 KB; um certificado A1 tem poucos KB.",
    signed: "Versão assinada. O anexo assinado já está disponível para todos os trabalhadores em PGR.",
    notSigned: "Esta versão ainda não foi assinada.",
  },
} as const;
