/**
 * The readable export's records kept by other parts of Sereno (export-records.ts)
 * and what the file leaves out, and why (docs/decisions/064).
 */
import { formatAtPtBR, formatDayPtBR } from "#core/format.ts";
import { escapeHtml } from "#server/html.ts";
import { notInExport } from "./export-coverage.ts";
import { row, table } from "./export-html.ts";
import type { ExportRecords } from "./export-records.ts";

const day = (value: string | null) => (value ? formatDayPtBR(value) : "—");
const yesNo = (value: boolean) => (value ? "Sim" : "Não");
const rowsOr = (rows: string[], empty: string, width: number) =>
  rows.length ? rows.join("") : row([empty, ...Array(width - 1).fill("")]);

function identityHtml(r: ExportRecords, tz: string): string {
  return `${table("Cadastro da empresa (lista de pessoas do RH)", ["Empresa", "Nome", "CPF (final)", "Matrícula", "E-mail corporativo", "E-mail pessoal", "Cargo", "Setor", "Admissão", "Desligamento"])}${rowsOr(
    r.cadastroDaEmpresa.map((p) =>
      row([
        p.empresa,
        p.nome,
        p.cpfFinal,
        p.matricula,
        p.emailCorporativo,
        p.emailPessoal,
        p.cargo,
        p.setor,
        day(p.admitidoEm),
        formatAtPtBR(p.desligadoEm, tz),
      ]),
    ),
    "Nenhum cadastro",
    10,
  )}</tbody></table>
${table("Cadastro do provedor de identidade da empresa (SCIM)", ["Empresa", "Usuário", "Nome", "E-mail", "Matrícula", "Departamento", "Grupos", "Ativo"])}${rowsOr(
  r.cadastroDoProvedorDeIdentidade.map((s) =>
    row([s.empresa, s.usuario, s.nome, s.email, s.matricula, s.departamento, s.grupos.join(", "), yesNo(s.ativo)]),
  ),
  "Nenhum cadastro",
  8,
)}</tbody></table>
${table("Chaves de acesso", ["Aparelho", "Criada em", "Último uso"])}${rowsOr(
  r.chavesDeAcesso.map((k) => row([k.aparelho, formatAtPtBR(k.criadaEm, tz), formatAtPtBR(k.usadaEm, tz)])),
  "Nenhuma chave de acesso",
  3,
)}</tbody></table>
<p>Código de recuperação: ${
    r.codigoDeRecuperacao ? `criado em ${escapeHtml(formatAtPtBR(r.codigoDeRecuperacao.criadoEm, tz))}` : "nenhum"
  }.</p>
${
  r.emailAguardandoConfirmacao
    ? `<p>E-mail aguardando confirmação: ${escapeHtml(r.emailAguardandoConfirmacao.email)}, link enviado em ${escapeHtml(
        formatAtPtBR(r.emailAguardandoConfirmacao.enviadoEm, tz),
      )}.</p>`
    : ""
}${table("Suas entradas na conta", ["Data", "Evento", "Aparelho", "IP", "Tentativas"])}${rowsOr(
  r.entradasNaConta.map((e) => row([formatAtPtBR(e.em, tz), e.evento, e.aparelho, e.ip, e.tentativas])),
  "Nenhuma entrada registrada",
  5,
)}</tbody></table>
`;
}

function rolesHtml(r: ExportRecords): string {
  const p = r.perfilDePsicologo;
  const escuta = r.canalDeEscuta;
  const made = r.registrosQueVoceCriou;
  return `${
    p
      ? `<h2>Perfil de psicólogo(a)</h2><dl><dt>Nome</dt><dd>${escapeHtml(p.nome)}</dd><dt>E-mail</dt><dd>${escapeHtml(p.email)}</dd><dt>CRP</dt><dd>${escapeHtml(p.crp)}</dd><dt>Apresentação</dt><dd>${escapeHtml(p.apresentacao || "—")}</dd></dl>`
      : ""
  }
${table("Canal de escuta: responsável pelo canal", ["Empresa", "Desde", "Ativo"])}${rowsOr(
  escuta.responsavelPeloCanal.map((h) => row([h.empresa, day(h.desde), yesNo(h.ativo)])),
  "Você não é responsável pelo canal de nenhuma empresa",
  3,
)}</tbody></table>
${table("Canal de escuta: relatos em que você se identificou", ["Protocolo", "Tipo", "Categoria", "Situação", "Recebido em", "Mensagens"])}${rowsOr(
  escuta.relatosIdentificados.map((c) =>
    row([
      c.protocolo,
      c.tipo,
      c.categoria,
      c.situacao,
      day(c.recebidoEm),
      c.mensagens.map((m) => `${day(m.em)}, ${m.de}: ${m.texto}`).join("\n"),
    ]),
  ),
  "Nenhum relato identificado",
  6,
)}</tbody></table>
${table("Ações registradas em seu nome", ["Ação", "Vezes"])}${rowsOr(
  r.acoesRegistradas.map((a) => row([a.acao, a.vezes])),
  "Nenhuma",
  2,
)}</tbody></table>
<h2>Registros que você criou para a empresa</h2><p>${escapeHtml(
    `Encontros em grupo: ${made.encontrosEmGrupo}; materiais de encontros: ${made.materiaisDeEncontros}; convites enviados: ${made.convitesEnviados}; importações de lista: ${made.importacoesDeLista}; chaves da API de RH: ${made.chavesDaApiDeRh}; tokens SCIM: ${made.tokensScim}; liberações da API de RH: ${made.liberacoesDaApiDeRh}.`,
  )}</p>
`;
}

export function recordsHtml(records: ExportRecords, tz: string): string {
  return identityHtml(records, tz) + rolesHtml(records);
}

export const leftOutHtml = `<h2>O que não está aqui e por quê</h2><dl>${notInExport
  .map((item) => `<dt>${escapeHtml(item.dado)}</dt><dd>${escapeHtml(item.porque)}</dd>`)
  .join("")}</dl>
`;
