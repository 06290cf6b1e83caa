/**
 * Where each column that holds a person's account id (or roster id, or names
 * them as who did something) ends up in 'Baixar meus
 * dados' (issue 51, item 5; docs/decisions/064): the export's section, or the
 * reason it is not there, which the export itself states ('O que não está aqui
 * e por quê'). export-coverage.test.ts reads the database catalogue and fails
 * when a table holding a person's id is in neither, so a new table cannot be
 * forgotten.
 */

/** One reason something kept about the person is left out of the file. */
type Left = { dado: string; porque: string };

export const leftOut = {
  secrets: {
    dado: "Senha, chaves públicas das chaves de acesso, o código de recuperação e os tokens das sessões",
    porque:
      "Guardamos só versões cifradas (hashes) ou segredos de máquina: não dizem nada sobre você e, copiados num arquivo, serviriam para entrar na sua conta. Aqui vão as datas e os aparelhos.",
  },
  challenges: {
    dado: "Desafios de entrada com chave de acesso",
    porque: "São números de uso único, apagados assim que usados ou em poucos minutos.",
  },
  anonymous: {
    dado: "Suas respostas ao questionário NR-1, suas avaliações de encontros em grupo e os relatos anônimos do Canal de escuta",
    porque:
      "São anônimos por princípio: não guardamos nenhum vínculo com o seu nome, então nem este arquivo consegue encontrá-los. Um relato anônimo se acompanha com o protocolo e a senha, em /escuta/acompanhar.",
  },
  handlerWork: {
    dado: "As mensagens e notas que você escreveu como responsável pelo Canal de escuta, e os casos de que uma pessoa o(a) excluiu",
    porque:
      "Fazem parte de relatos de outras pessoas, que são anônimos: trazê-los aqui ligaria relatos a quem os tratou. O Registro de acessos da empresa mostra o que você fez, sem o texto.",
  },
  careWork: {
    dado: "Como psicólogo(a), as autoavaliações de pacientes que você marcou como vistas",
    porque:
      "Fazem parte do atendimento de outra pessoa e ficam com o registro dela, que o sigilo profissional protege.",
  },
  nr1Records: {
    dado: "Seu nome nas versões do inventário NR-1 que você publicou, nos motivos de revisão que registrou, nos vereditos de eficácia que confirmou e, no arquivo da Lei 14.457, nas regras de conduta que publicou e nos treinamentos que registrou, e, no dossiê da Lei 14.831, nas metas, revisões e avisos que registrou",
    porque:
      "São documentos legais da empresa (NR-1, Lei 14.457 e Lei 14.831; o inventário NR-1 é guardado por 20 anos). Guardam o nome escrito, sem ligação com a sua conta, e a empresa tem esses documentos.",
  },
  internalNotes: {
    dado: "As notas internas da equipe nos relatos em que você se identificou",
    porque: "São o trabalho de quem trata o relato; a página de acompanhamento também não as mostra.",
  },
  authoredRecords: {
    dado: "O conteúdo dos registros que você criou para a empresa (encontros, materiais, convites, importações, chaves de API e tokens SCIM)",
    porque:
      "Pertencem à empresa e trazem dados de outras pessoas (como os e-mails dos convidados); aqui vai quantos são, e a empresa tem o conteúdo.",
  },
  teamsLinks: {
    dado: "Os links de vínculo do Teams e os cartões de check-in que o bot enviou",
    porque:
      "São códigos de uso único, apagados quando usados ou em pouco tempo; os cartões não guardam sua resposta, que está nos seus check-ins.",
  },
} satisfies Record<string, Left>;

type Place = { em: string } | { fora: keyof typeof leftOut };

/** Every `table.column` that holds a person's account id, and where the export has it. */
export const exportCoverage: Record<string, Place> = {
  "account.user_id": { em: "formasDeEntrar" },
  "session.user_id": { em: "sessoes" },
  "profiles.user_id": { em: "perfil" },
  "consent_events.user_id": { em: "historicoDeConsentimentos" },
  "company_memberships.user_id": { em: "historicoDeEmpresas" },
  "user_progress.user_id": { em: "checkIns" },
  "push_subscriptions.user_id": { em: "notificacoesPush" },
  "reward_redemptions.user_id": { em: "resgatesDeRecompensas" },
  "group_session_registrations.user_id": { em: "sessoesEmGrupo" },
  "group_session_feedback_given.user_id": { em: "sessoesEmGrupo" },
  "risk_invitations.user_id": { em: "questionariosNr1" },
  "risk_sector_members.user_id": { em: "questionariosNr1" },
  "appointments.member_id": { em: "consultas" },
  "care_messages.member_id": { em: "mensagens" },
  "credit_ledger.member_id": { em: "creditosDeAtendimento" },
  "care_measures.member_id": { em: "autoavaliacoesDoAtendimento" },
  "audit_log.actor_user_id": { em: "entradasNaConta" },
  "roster_people.user_id": { em: "cadastroDaEmpresa" },
  "scim_users.user_id": { em: "cadastroDoProvedorDeIdentidade" },
  "scim_group_members.scim_user_id": { em: "cadastroDoProvedorDeIdentidade" },
  "passkeys.user_id": { em: "chavesDeAcesso" },
  "recovery_codes.user_id": { em: "codigoDeRecuperacao" },
  "email_confirmations.user_id": { em: "emailAguardandoConfirmacao" },
  "webauthn_challenges.user_id": { fora: "challenges" },
  "webauthn_challenges.roster_person_id": { fora: "challenges" },
  "scim_users.roster_person_id": { em: "cadastroDoProvedorDeIdentidade" },
  "care_measures.acknowledged_by": { fora: "careWork" },
  "risk_inventory_versions.published_by": { fora: "nr1Records" },
  "risk_review_triggers.recorded_by": { fora: "nr1Records" },
  "risk_action_verdicts.confirmed_by": { fora: "nr1Records" },
  "conduct_versions.published_by": { fora: "nr1Records" },
  "harassment_trainings.recorded_by": { fora: "nr1Records" },
  "mental_health_goals.created_by": { fora: "nr1Records" },
  "mental_health_goal_reviews.reviewed_by": { fora: "nr1Records" },
  "company_notices.published_by": { fora: "nr1Records" },
  "conduct_acknowledgements.user_id": { em: "arquivoDaLei14457" },
  "harassment_training_attendance.person_id": { em: "arquivoDaLei14457" },
  "whatsapp_numbers.user_id": { em: "lembretesPorWhatsapp" },
  "msteams_accounts.user_id": { em: "lembretesPeloTeams" },
  "msteams_accounts.teams_user_id": { em: "lembretesPeloTeams" },
  "msteams_cards.user_id": { fora: "teamsLinks" },
  "msteams_link_codes.teams_user_id": { fora: "teamsLinks" },
  "psychologists.user_id": { em: "perfilDePsicologo" },
  "listening_handlers.user_id": { em: "canalDeEscuta" },
  "listening_identities.user_id": { em: "canalDeEscuta" },
  "group_sessions.created_by": { em: "registrosQueVoceCriou" },
  "group_session_materials.uploaded_by": { em: "registrosQueVoceCriou" },
  "invites.invited_by": { em: "registrosQueVoceCriou" },
  "roster_imports.created_by": { em: "registrosQueVoceCriou" },
  "roster_api_keys.created_by": { em: "registrosQueVoceCriou" },
  "scim_tokens.created_by": { em: "registrosQueVoceCriou" },
  "roster_api_additions.allowed_by": { em: "registrosQueVoceCriou" },
  "who5_consent_events.user_id": { em: "indiceDeBemEstar" },
  "who5_answers.user_id": { em: "indiceDeBemEstar" },
  "who5_dismissals.user_id": { em: "indiceDeBemEstar" },
};

/** The export's own list of what it leaves out and why. */
export const notInExport: Left[] = Object.values(leftOut);
