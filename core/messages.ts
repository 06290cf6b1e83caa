/**
 * Every pt-BR text the spec prescribes, in one place, so the server and the
 * web say the same thing. Add a message here before using it anywhere.
 */
import { countOf, formatNumber } from "./format.ts";

export const messages = {
  // Login and session (spec 5 and 8)
  emailRequired: "O e-mail é obrigatório",
  emailInvalid: "E-mail inválido",
  passwordRequired: "A senha é obrigatória",
  invalidCredentials: "E-mail ou senha incorretos. Por favor, verifique suas credenciais.",
  emailNotConfirmed: "Por favor, confirme seu e-mail através do link enviado para sua caixa de entrada.",
  networkError: "Erro de conexão. Por favor, verifique sua internet e tente novamente.",
  loginFailed: "Ocorreu um erro ao fazer login. Por favor, tente novamente.",
  googleFailed: "Erro ao fazer login com o Google",
  googleNotConfigured: "O login com o Google não está configurado neste ambiente. Entre com seu e-mail e senha.",
  googleNoAccount:
    "Não encontramos uma conta Sereno para este e-mail do Google. O acesso é feito por convite da sua empresa.",
  logoutFailed: "Erro ao fazer logout",
  sessionInvalid: "Sessão inválida. Por favor, faça login novamente.",
  signInLinkSent:
    "Se houver uma conta com este e-mail, enviamos um link de acesso. Ele vale por 15 minutos e só pode ser usado uma vez.",
  signInLinkFailed: "Não foi possível enviar o link de acesso. Tente novamente em instantes.",
  signInLinkInvalid: "Este link de acesso é inválido, já foi usado ou expirou. Peça um novo na página de login.",
  accessEnded:
    "Seu acesso ao Sereno foi encerrado porque sua conta não está mais ligada a uma empresa. Se receber um novo convite, ela volta a funcionar; para pedir seus dados ou a exclusão da conta, escreva ao encarregado de dados (veja /privacidade).",

  // Recovery
  recoveryEmailInvalid: "Por favor, insira um e-mail válido",
  recoveryFailed: "Erro ao enviar e-mail de recuperação. Por favor, tente novamente.",
  recoverySent:
    "Se houver uma conta com este e-mail, enviamos um link para você criar uma nova senha. Confira sua caixa de entrada.",
  resetTokenInvalid: "Este link de recuperação é inválido ou expirou. Peça um novo link na página de login.",
  resetSuccess: "Senha redefinida com sucesso! Você já pode entrar com a nova senha.",

  // Passwords (docs/design.md: at least 8 and not a common one)
  passwordTooShort: "A senha deve ter pelo menos 8 caracteres",
  passwordTooLong: "A senha deve ter no máximo 128 caracteres",
  passwordTooCommon: "Essa senha é muito comum. Escolha uma senha mais difícil de adivinhar.",
  passwordsDontMatch: "As senhas não coincidem",
  confirmationRequired: "Confirme a senha",

  // Generic
  somethingWentWrong: "Algo deu errado",
  internalError: "Ocorreu um erro inesperado. Tente novamente em instantes.",
  invalidInput: "Dados inválidos. Confira os campos e tente novamente.",
  textControlCharacters: "O texto tem caracteres inválidos. Use apenas texto comum.",
  authError: "Ocorreu um erro durante a autenticação",
  authCheckError: "Ocorreu um erro ao verificar sua autenticação",

  // Settings
  settingsSaved: "Configurações salvas com sucesso!",

  // Check-in reminders and e-mail unsubscribe (docs/decisions/019)
  reminderTimeInvalid: "Informe um horário no formato HH:MM, por exemplo 09:30.",
  reminderDaysInvalid: "Escolha os dias da semana do lembrete.",
  reminderInQuietHours:
    "O horário do lembrete está dentro do seu horário de silêncio. Escolha outro horário ou ajuste o silêncio.",
  jobNotFound: "Tarefa não encontrada.",
  unsubscribeInvalid:
    "Este link de descadastro não é válido. Você pode desativar os e-mails em Configurações › Notificações.",
  settingsFailed: "Erro ao salvar configurações. Tente novamente.",
  passwordChanged: "Senha alterada com sucesso!",
  passwordChangeFailed: "Erro ao alterar senha",
  nameRequired: "O nome é obrigatório",

  // Check-ins (spec 5 and 8)
  moodRequired: "Escolha como você está se sentindo (de 1 a 5)",
  notesTooLong: "A anotação pode ter no máximo 2.000 caracteres",
  checkInFailed: "Erro ao realizar check-in",
  checkInSaved: "Check-in realizado! Você ganhou +50 XP.",
  energyInvalid: "Escolha a energia de 1 a 5, ou pule",
  stressInvalid: "Escolha o estresse de 1 a 5, ou pule",
  monthInvalid: "Mês inválido. Use o formato AAAA-MM.",
  // Offline check-ins (docs/decisions/027)
  checkInMadeAtInvalid:
    "Data e hora do check-in inválidas. Use o formato ISO 8601 com fuso (ex.: 2026-11-22T09:00:00-03:00).",
  pushSubscriptionInvalid: "Inscrição de notificações push inválida. Tente ativar de novo.",
  pushPermissionDenied:
    "O navegador não permitiu notificações do Sereno. Libere-as nas configurações do navegador e tente de novo.",
  pushSetupFailed: "Não foi possível ativar as notificações push neste navegador. Tente novamente.",
  pushUnsupported: "Este navegador não recebe notificações push. Os lembretes continuam por e-mail, se ativados.",
  offlineSignedOut:
    "Você está offline. Conecte-se à internet para abrir o Sereno; um check-in guardado neste aparelho é enviado assim que a conexão voltar.",
  offlineCheckInQueued: "Será enviado quando a conexão voltar",
  offlineCheckInSent: "Check-in feito sem conexão enviado.",
  checkInDayAlreadyDone: "Você já tinha um check-in nesse dia. O check-in feito sem conexão não foi registrado.",

  // Exercises (spec 8)
  exerciseCompleteFailed: "Erro ao completar exercício. Tente novamente.",

  // Content
  contentNotFound: "Conteúdo não encontrado",

  // Team (spec 5 and 8)
  noCompany: "Usuário sem empresa associada",
  companyIdMissing: "ID da empresa não encontrado",
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
  storageUnavailable: "Armazenamento não configurado. Tente novamente.",
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

  // Care with psychologists (issue 13, docs/decisions/025)
  psychologistNameRequired: "Informe o nome completo do(a) psicólogo(a)",
  crpInvalid: "Informe o número do CRP (por exemplo, 06/123456)",
  ufInvalid: "Escolha a UF do CRP",
  epsiDateInvalid: "Informe a data em que o cadastro e-Psi foi confirmado",
  psychologistNotFound: "Psicólogo(a) não encontrado(a).",
  availabilityFilterInvalid: "Escolha 'Hoje ou amanhã' ou 'Nos próximos 7 dias'.",
  slotInvalid: "Este horário não está na agenda do(a) psicólogo(a). Escolha um dos horários livres.",
  termsRequired: "Leia e aceite os termos do atendimento para confirmar.",
  careEmailRequired: "Digite seu e-mail pessoal ou escolha o e-mail da conta.",
  availabilityInvalid: "Confira os horários: o início deve ser antes do fim.",
  timeOffInvalid: "Confira o período: o início deve ser antes do fim.",
  timeOffRequired: "Informe o dia e a hora (hh:mm) do início e do fim da folga.",
  messageRequired: "Escreva uma mensagem",
  messageTooLong: "A mensagem pode ter no máximo 4.000 caracteres",
  careSettingsInvalid: "Informe de 0 a 100 sessões por ciclo.",
  sessionMinutesInvalid: "A sessão dura de 20 a 180 minutos.",
  bufferMinutesInvalid: "O intervalo entre sessões vai de 0 a 60 minutos.",
  replyHoursInvalid: "Informe um prazo de resposta de 1 a 168 horas (7 dias).",
  videoUrlInvalid: "Informe o link completo da sala, começando com https://, ou deixe vazio.",

  // Privacy and data rights (LGPD art. 18, docs/decisions/015)
  wellbeingConsentVersionInvalid:
    "Essa versão do termo de consentimento não é a atual. Recarregue a página e tente novamente.",
  notesControlCharacters: "A anotação tem caracteres inválidos. Use apenas texto comum.",
  checkInNotesSaved: "Anotação salva",
  checkInNotesDeleted: "Anotação excluída",
  accountDeletePasswordRequired: "Digite sua senha para confirmar a exclusão.",
  accountDeleteLinkInvalid: "Este link de exclusão é inválido ou expirou. Peça um novo em Configurações.",
  accountDeleted: "Sua conta foi excluída. Enviamos uma confirmação para o seu e-mail.",
  accountActivated: "Conta ativada! Agora é só entrar com seu e-mail e a senha que você criou.",
} as const;

export function exerciseLockedMessage(level: number): string {
  return `Este exercício é liberado no nível ${level}.`;
}

export function contentLockedMessage(missing: number): string {
  return `Faltam ${countOf(missing, "ponto", "pontos")} para liberar este conteúdo.`;
}

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

/** The admin screen's error for a non-OK reply (spec 8). */
export function adminErrorMessage(action: string, status: number, statusText: string, body: string): string {
  return `Erro ao ${action}: ${status} ${statusText}. ${body}`.trim();
}

export function fileTooLargeMessage(kindLabel: string, maxMb: number): string {
  return `O arquivo de ${kindLabel} passa do limite de ${maxMb} MB. Envie um arquivo menor.`;
}

/** An upload cut off at its route's byte limit, whatever its kind (docs/decisions/018). */
export function uploadTooLargeMessage(maxBytes: number): string {
  return `O arquivo passa do limite de ${formatNumber(maxBytes / 1024 / 1024, { upTo: 2 })} MB. Envie um arquivo menor.`;
}

/** 'Não foi possível carregar {o que}': the data-loading error of spec 8. */
export function loadFailed(what: string): string {
  return `Não foi possível carregar ${what}`;
}

/** Configurações › Sessões ativas (docs/decisions/032). */
export const sessionMessages = {
  notFound: "Sessão não encontrada. Ela pode já ter sido encerrada.",
  ended: "Sessão encerrada. O outro aparelho precisará entrar de novo.",
  othersEnded: "As outras sessões foram encerradas.",
  noOthers: "Não há outras sessões abertas.",
  failed: "Não foi possível encerrar a sessão. Tente novamente.",
} as const;

/** Recompensas (/rewards, docs/decisions/028): the spec's two labels and the flow's other texts. */
export const rewardMessages = {
  redeemed: "Recompensa resgatada com sucesso!",
  redeemFailed: "Erro ao resgatar recompensa. Tente novamente mais tarde.",
  notFound: "Recompensa não encontrada",
  unavailable: "Esta recompensa não está mais disponível.",
  outOfStock: "Esta recompensa esgotou. Escolha outra do catálogo.",
  adminCannotRedeem: "Administradores não resgatam recompensas. Entre com a conta de um membro da empresa.",
  titleRequired: "Dê um nome à recompensa (até 80 caracteres)",
  descriptionTooLong: "A descrição deve ter no máximo 300 caracteres",
  costInvalid: "O custo deve ser um número inteiro de 1 a 1.000.000 pontos",
  stockInvalid: "O estoque deve ser um número inteiro de 0 a 100.000, ou vazio para ilimitado",
  created: "Recompensa criada",
  saved: "Recompensa salva",
  redemptionNotFound: "Resgate não encontrado",
  redemptionAlreadyClosed: "Este pedido já foi entregue ou cancelado.",
  delivered: "Pedido marcado como entregue",
  cancelled: "Pedido cancelado. Os pontos voltaram para a pessoa.",
} as const;

export function notEnoughPointsMessage(missing: number): string {
  return `Faltam ${countOf(missing, "ponto", "pontos")} para resgatar esta recompensa.`;
}
/** Sessões em grupo (docs/decisions/024). */
export const groupSessionMessages = {
  titleInvalid: "Informe um título de 3 a 120 caracteres.",
  descriptionInvalid: "Descreva o encontro em até 2.000 caracteres.",
  facilitatorInvalid: "Informe o nome de quem conduz o encontro.",
  startsAtInvalid: "Informe a data e o horário de início.",
  startsAtPast: "O encontro precisa começar no futuro.",
  durationInvalid: "A duração vai de 15 minutos a 8 horas.",
  capacityInvalid: "O número de vagas vai de 1 a 500.",
  locationInvalid: "Informe o local do encontro.",
  linkInvalid: "Informe o link da sala on-line, começando com https://.",
  kindInvalid: "Escolha o tipo de encontro.",
  platformAdminOnly: "Somente a administração da plataforma cria encontros abertos a todas as empresas.",
  notFound: "Encontro não encontrado.",
  cancelled: "Este encontro foi cancelado.",
  alreadyStarted: "Este encontro já começou: não é mais possível alterá-lo.",
  registrationClosed: "As inscrições deste encontro estão encerradas.",
  alreadyRegistered: "Você já está inscrito(a) neste encontro.",
  notRegistered: "Você não tem inscrição neste encontro.",
  registered: "Inscrição confirmada.",
  waitlisted: "O encontro está lotado: você entrou na lista de espera.",
  registrationCancelled: "Inscrição cancelada.",
  requested:
    "Inscrição recebida. As vagas são sorteadas quando as inscrições fecham; você recebe o resultado aqui e por e-mail.",
  drawClosed: "As inscrições deste grupo já fecharam e as vagas foram sorteadas.",
  noCompany: "Os encontros são oferecidos pela sua empresa; sua conta não está ligada a nenhuma.",
  sectorsRequired: "Escolha ao menos um setor.",
  materialFileMissing: "Escolha um arquivo para enviar.",
  materialTypeInvalid: "Envie um PDF ou uma imagem (PNG, JPG, WebP ou GIF).",
  materialTooLarge: (maxMb: number) => `O arquivo passa do limite de ${maxMb} MB. Envie um arquivo menor.`,
  materialLimit: (max: number) => `Cada encontro pode ter até ${max} materiais.`,
  materialNotFound: "Material não encontrado.",
  materialOnlyRegistered: "Os materiais ficam disponíveis para quem está inscrito no encontro.",
  materialSupportGroup: "Materiais de grupos de apoio ficam só com quem participa e com quem conduz.",
  materialSaved: "Material enviado.",
  materialRemoved: "Material removido.",
  sectorNotFound: "Setor não encontrado nesta empresa.",
  psychologistNotFound: "Escolha um(a) psicólogo(a) verificado(a) da plataforma.",
  psychologistMarksAttendance: "Quem registra a presença deste grupo é o(a) psicólogo(a) que o conduz.",
  notFacilitator: "Você não conduz este encontro.",
  supportGroupMembersOnly:
    "Grupos de apoio são para os membros da equipe: quem faz a gestão não participa. Para você, há o Apoio psicológico individual.",
  capacityBelowRegistered: (registered: number) =>
    `Já há ${countOf(registered, "pessoa inscrita", "pessoas inscritas")}: o número de vagas não pode ser menor.`,
  supportCapacityOnlyUp: "Em grupos de apoio, as vagas só podem aumentar depois de criado o encontro.",
  attendanceTooEarly: "A presença só pode ser registrada depois do início do encontro.",
  attendanceKindMismatch: "Este tipo de encontro registra a presença de outra forma.",
  attendanceCountInvalid: "Informe quantas pessoas participaram (de 0 ao número de vagas).",
  attendanceUnknownPeople: "Marque apenas pessoas inscritas neste encontro.",
  attendanceSaved: "Presença registrada.",
  csvSupportGroup: "Grupos de apoio não têm lista de presença: a empresa vê apenas o número de participantes.",
  feedbackNotAllowed: "A avaliação fica disponível para quem participou, depois do encontro.",
  feedbackAlreadyGiven: "Você já avaliou este encontro. Obrigado!",
  feedbackSaved: "Obrigado pela avaliação! Ela é anônima.",
  feedbackSavedOutsideFigures:
    "Obrigado! Você já avaliou 52 encontros nos últimos 12 meses; para proteger seu anonimato, esta avaliação não entra nos números da empresa.",
  feedbackRatingInvalid: "Escolha uma nota de 1 a 5.",
  feedbackCommentInvalid: "O comentário pode ter até 500 caracteres.",
  created: "Encontro criado.",
  updated: "Encontro atualizado.",
  sessionCancelled: "Encontro cancelado. Quem estava inscrito recebe um e-mail.",
  calendarOnlyRegistered: "O arquivo de agenda fica disponível para quem está inscrito.",
  /** The neutral title of a support group wherever others may glance: calendars and e-mails. */
  neutralTitle: "Compromisso Sereno",
} as const;

/** Limits on files built or received on request (docs/decisions/030); `seconds` is how long until the window ends. */
export const fileLimitMessages = {
  perPerson: (what: string, max: number, seconds: number) =>
    `Você atingiu o limite de ${max} ${what} por hora. Tente novamente em ${waitOf(seconds)}.`,
  perCompany: (what: string, max: number, seconds: number) =>
    `Sua empresa atingiu o limite de ${max} ${what} por hora. Tente novamente em ${waitOf(seconds)}.`,
} as const;

function waitOf(seconds: number): string {
  return countOf(Math.max(1, Math.ceil(seconds / 60)), "minuto", "minutos");
}

/**
 * The one refusal of an incomplete questionnaire (WHO-5, PHQ-9, GAD-7, NR-1 inventories), naming the
 * unanswered questions by number: 'Responda à pergunta 9 para enviar.' / 'Responda às perguntas 2, 4 e 9 para enviar.'
 */
export function missingAnswersMessage(items: readonly number[]): string {
  if (items.length === 1) return `Responda à pergunta ${items[0]} para enviar.`;
  const list = `${items.slice(0, -1).join(", ")} e ${items.at(-1)}`;
  return `Responda às perguntas ${list} para enviar.`;
}
