/**
 * The readable export: a plain pt-BR HTML page, dates dd/MM/yyyy in the
 * person's time zone, written out piece by piece (docs/decisions/015).
 */
import { formatAtPtBR, formatDayPtBR } from "#core/format.ts";
import { escapeHtml } from "#server/html.ts";
import type { ExportedAppointment, ExportedCredit, ExportedMeasure, ExportedMessage } from "./export-care.ts";
import type { ExportedCheckIn, ExportedCompletion, ExportHeader } from "./export-data.ts";
import type { ExportParticipation } from "./export-participation.ts";

const roleLabels: Record<string, string> = {
  user: "Membro",
  manager: "Gestor(a)",
  admin: "Administrador(a)",
  psychologist: "Psicólogo(a)",
};

export function table(caption: string, headers: string[]): string {
  return `<h2>${escapeHtml(caption)}</h2><table><thead><tr>${headers.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join("")}</tr></thead><tbody>`;
}

export function row(cells: (string | number | null)[]): string {
  return `<tr>${cells.map((cell) => `<td>${escapeHtml(cell === null || cell === "" ? "—" : String(cell))}</td>`).join("")}</tr>`;
}

const yesNo = (value: boolean) => (value ? "Sim" : "Não");
const onOff = (value: boolean) => (value ? "Ligado" : "Desligado");

function remindersHtml(header: ExportHeader): string {
  const r = header.lembretes;
  if (!r) return "<h2>Notificações e lembretes</h2><p>Nenhuma preferência guardada.</p>";
  return `<h2>Notificações e lembretes</h2><dl>
<dt>Notificações por e-mail</dt><dd>${onOff(r.notificacoesPorEmail)}</dd>
<dt>Lembretes de check-in</dt><dd>${onOff(r.lembretesDeCheckIn)}</dd>
<dt>Notificações push</dt><dd>${onOff(r.notificacoesPush)} (${r.navegadoresComPush} ${r.navegadoresComPush === 1 ? "navegador inscrito" : "navegadores inscritos"})</dd>
<dt>Novidades do Sereno</dt><dd>${onOff(r.novidadesDoSereno)}</dd>
<dt>Horário do lembrete</dt><dd>${escapeHtml(r.horarioDoLembrete)}, ${escapeHtml(r.diasDoLembrete)}</dd>
<dt>Horário de silêncio</dt><dd>De ${escapeHtml(r.silencioAPartirDe)} até ${escapeHtml(r.silencioAte)}</dd></dl>
`;
}

const style = `body{font-family:system-ui,Arial,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1f2d2b;line-height:1.5}
table{border-collapse:collapse;width:100%;margin-bottom:2rem}th,td{border:1px solid #cfd8d6;padding:.4rem .6rem;text-align:left;vertical-align:top}
th{background:#eef4f3}td{white-space:pre-wrap}h1{color:#0f6e64}`;

export function htmlHead(header: ExportHeader): string {
  const tz = header.fusoHorario;
  const p = header.perfil;
  const consent = header.consentimentoAtual;
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Meus dados no Sereno</title><style>${style}</style></head><body>
<h1>Meus dados no Sereno</h1>
<p>Tudo o que o Sereno guarda sobre você, gerado em ${escapeHtml(formatAtPtBR(header.geradoEm, tz))}. Só você recebeu este arquivo.</p>
<h2>Perfil</h2><dl>
<dt>Nome</dt><dd>${escapeHtml(p.nome ?? "—")}</dd>
<dt>E-mail</dt><dd>${escapeHtml(p.email ?? "—")}</dd>
<dt>E-mail para avisos de cuidado</dt><dd>${escapeHtml(p.emailParaCuidado ?? "O e-mail da conta")}</dd>
<dt>Papel</dt><dd>${escapeHtml(roleLabels[p.papel ?? ""] ?? "—")}</dd>
${p.idNoMicrosoftEntra ? `<dt>ID no Microsoft Entra (login da empresa)</dt><dd>${escapeHtml(p.idNoMicrosoftEntra)}</dd>\n` : ""}<dt>Empresa</dt><dd>${escapeHtml(p.empresa ?? "Nenhuma")}</dd>
<dt>Nível, XP e pontos</dt><dd>Nível ${p.nivel}, ${p.xp} XP, ${p.pontos} pontos ganhos (${p.pontosUsados} usados em recompensas, saldo de ${p.saldoDePontos})</dd>
<dt>Conta criada em</dt><dd>${escapeHtml(formatAtPtBR(p.contaCriadaEm, tz))}</dd>
<dt>Consentimento para dados de bem-estar</dt><dd>${
    consent
      ? `Dado em ${escapeHtml(formatAtPtBR(consent.em, tz))} (versão ${escapeHtml(consent.versao)})`
      : "Não está em vigor"
  }</dd></dl>
${table("Histórico de consentimentos", ["Data", "O que aconteceu", "Versão do termo"])}${header.historicoDeConsentimentos
  .map((e) =>
    row([formatAtPtBR(e.em, tz), e.tipo === "dado" ? "Consentimento dado" : "Consentimento revogado", e.versao]),
  )
  .join("")}</tbody></table>
${table("Formas de entrar", ["Tipo", "Desde"])}${header.formasDeEntrar.map((m) => row([m.tipo, formatAtPtBR(m.desde, tz)])).join("")}</tbody></table>
${table("Sessões abertas", ["Criada em", "Expira em", "Navegador ou aparelho", "IP"])}${header.sessoes
  .map((s) => row([formatAtPtBR(s.criadaEm, tz), formatAtPtBR(s.expiraEm, tz), s.navegador, s.ip]))
  .join("")}</tbody></table>
${remindersHtml(header)}${table("Navegadores inscritos nas notificações push", ["Inscrito em"])}${
  header.notificacoesPush.length
    ? header.notificacoesPush.map((p) => row([formatAtPtBR(p.navegadorInscritoEm, tz)])).join("")
    : row(["Nenhum navegador inscrito"])
}</tbody></table>
${table("Acessos da equipe Sereno aos seus dados pessoais", ["Data", "Ação"])}${
  header.acessosDeOperadores.length
    ? header.acessosDeOperadores.map((a) => row([formatAtPtBR(a.em, tz), a.acao])).join("")
    : row(["Nenhum acesso registrado", ""])
}</tbody></table>
${table("Resgates de recompensas", ["Pedido em", "Recompensa", "Pontos", "Situação", "Concluído em"])}${
  header.resgatesDeRecompensas.length
    ? header.resgatesDeRecompensas
        .map((r) =>
          row([formatAtPtBR(r.pedidoEm, tz), r.recompensa, r.pontos, r.situacao, formatAtPtBR(r.concluidoEm, tz)]),
        )
        .join("")
    : row(["Nenhum resgate", "", "", "", ""])
}</tbody></table>
`;
}

/** Companies, group sessions and NR-1 questionnaires (export-participation.ts). */
export function participationHtml(p: ExportParticipation, tz: string): string {
  const sessions = p.sessoesEmGrupo;
  const risks = p.questionariosNr1;
  return `${table("Empresas", ["Empresa", "Entrou em", "Saiu em"])}${
    p.historicoDeEmpresas.length
      ? p.historicoDeEmpresas
          .map((c) => row([c.empresa, formatAtPtBR(c.entrouEm, tz), formatAtPtBR(c.saiuEm, tz)]))
          .join("")
      : row(["Nenhuma empresa", "", ""])
  }</tbody></table>
${table("Sessões em grupo", ["Início", "Encontro", "Tipo", "Facilitador(a)", "Situação", "Inscrição em", "Avaliou"])}${
  sessions.inscricoes.length
    ? sessions.inscricoes
        .map((s) =>
          row([
            formatAtPtBR(s.inicio, tz),
            s.encontroCancelado ? `${s.titulo} (encontro cancelado)` : s.titulo,
            s.tipo,
            s.facilitador,
            s.situacao,
            formatAtPtBR(s.inscritoEm, tz),
            yesNo(s.avaliou),
          ]),
        )
        .join("")
    : row(["Nenhuma inscrição", "", "", "", "", "", ""])
}</tbody></table>
<p>${escapeHtml(sessions.observacao)}</p>
${table("Questionários NR-1 (riscos psicossociais)", ["Convidado(a) em", "Campanha", "Setor", "Lembrete em", "Respondeu"])}${
  risks.convites.length
    ? risks.convites
        .map((i) =>
          row([
            formatAtPtBR(i.convidadoEm, tz),
            i.campanha,
            i.setor,
            formatAtPtBR(i.lembradoEm, tz),
            yesNo(i.respondeu),
          ]),
        )
        .join("")
    : row(["Nenhum convite", "", "", "", ""])
}</tbody></table>
<p>Seu setor para a NR-1: ${escapeHtml(risks.setor ?? "nenhum")}. ${escapeHtml(risks.observacao)}</p>
`;
}

export const checkInsTableStart = table("Check-ins", [
  "Dia",
  "Humor",
  "Energia (1 a 5)",
  "Estresse (1 a 5)",
  "Anotação",
  "Registrado em",
  "XP",
]);
export function checkInRow(checkIn: ExportedCheckIn, timeZone: string): string {
  return row([
    formatDayPtBR(checkIn.dia),
    checkIn.humorTexto,
    checkIn.energia,
    checkIn.estresse,
    checkIn.anotacao,
    formatAtPtBR(checkIn.registradoEm, timeZone),
    checkIn.xp,
  ]);
}

export const completionsTableStart = table("Exercícios concluídos", ["Dia", "Exercício", "Concluído em", "XP"]);
export function completionRow(completion: ExportedCompletion, timeZone: string): string {
  return row([
    formatDayPtBR(completion.dia),
    completion.exercicio,
    formatAtPtBR(completion.concluidoEm, timeZone),
    completion.xp,
  ]);
}

export const appointmentsTableStart = table("Consultas", ["Início", "Fim", "Psicólogo(a)", "Situação"]);
export function appointmentRow(appointment: ExportedAppointment, timeZone: string): string {
  return row([
    formatAtPtBR(appointment.inicio, timeZone),
    formatAtPtBR(appointment.fim, timeZone),
    appointment.psicologo,
    appointment.situacao,
  ]);
}

export const messagesTableStart = table("Mensagens", ["Enviada em", "Conversa com", "De", "Mensagem", "Lida em"]);
export function messageRow(message: ExportedMessage, timeZone: string): string {
  return row([
    formatAtPtBR(message.enviadaEm, timeZone),
    message.psicologo,
    message.deMim ? "Você" : message.psicologo,
    message.texto,
    formatAtPtBR(message.lidaEm, timeZone),
  ]);
}

export const creditsTableStart = table("Créditos de atendimento", [
  "Data",
  "Empresa",
  "Ciclo desde",
  "Movimento",
  "Quantidade",
]);
export function creditRow(credit: ExportedCredit, timeZone: string): string {
  return row([
    formatAtPtBR(credit.em, timeZone),
    credit.empresa,
    formatDayPtBR(credit.cicloDesde),
    credit.movimento,
    credit.quantidade,
  ]);
}

export const measuresTableStart = table("Autoavaliações do atendimento (PHQ-9 e GAD-7)", [
  "Respondida em",
  "Questionário",
  "Para",
  "Pontuação",
  "Respostas",
]);
export function measureRow(measure: ExportedMeasure, timeZone: string): string {
  return row([
    formatAtPtBR(measure.respondidaEm, timeZone),
    measure.questionario,
    measure.psicologo,
    `${measure.pontuacao} de ${measure.pontuacaoMaxima} (${measure.faixa})`,
    measure.respostas.map((answer, index) => `${index + 1}. ${answer.item}: ${answer.resposta}`).join("\n"),
  ]);
}

export const tableEnd = "</tbody></table>";
export const htmlEnd = "</body></html>";
