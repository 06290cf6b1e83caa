/**
 * The person's side of the Lei 14.457 file and of the WhatsApp channel in
 * 'Baixar meus dados' (issue 51 item 5; docs/decisions/090, 092): the rules
 * of conduct they acknowledged, the trainings they are on the list of (by
 * their roster record), the number they confirmed for reminders and the
 * Teams account they bound (095). A few
 * rows each, read whole.
 */
import { asc, eq } from "drizzle-orm";
import { formatAtPtBR, formatDayPtBR } from "#core/format.ts";
import type { Db } from "#server/db/client.ts";
import {
  companies,
  conductAcknowledgements,
  conductVersions,
  harassmentTrainingAttendance,
  harassmentTrainings,
  msteamsAccounts,
  rosterPeople,
  whatsappNumbers,
} from "#server/db/schema/index.ts";
import { row, table, tableEnd } from "./export-html.ts";

const numberStatus = { pending: "Aguardando o código", confirmed: "Confirmado", opted_out: "Saiu (PARAR)" } as const;

export async function readWorkplaceExport(db: Db, userId: string) {
  const [acknowledged, attended, numbers, teams] = await Promise.all([
    db
      .select({ company: companies.name, version: conductVersions.version, at: conductAcknowledgements.acknowledgedAt })
      .from(conductAcknowledgements)
      .innerJoin(conductVersions, eq(conductVersions.id, conductAcknowledgements.versionId))
      .innerJoin(companies, eq(companies.id, conductVersions.companyId))
      .where(eq(conductAcknowledgements.userId, userId))
      .orderBy(asc(conductAcknowledgements.acknowledgedAt)),
    db
      .select({
        title: harassmentTrainings.title,
        heldOn: harassmentTrainings.heldOn,
        source: harassmentTrainingAttendance.source,
        markedAt: harassmentTrainingAttendance.markedAt,
      })
      .from(harassmentTrainingAttendance)
      .innerJoin(harassmentTrainings, eq(harassmentTrainings.id, harassmentTrainingAttendance.trainingId))
      .innerJoin(rosterPeople, eq(rosterPeople.id, harassmentTrainingAttendance.personId))
      .where(eq(rosterPeople.userId, userId))
      .orderBy(asc(harassmentTrainings.heldOn)),
    db
      .select({
        phone: whatsappNumbers.phone,
        status: whatsappNumbers.status,
        confirmedAt: whatsappNumbers.confirmedAt,
        optedOutAt: whatsappNumbers.optedOutAt,
      })
      .from(whatsappNumbers)
      .where(eq(whatsappNumbers.userId, userId)),
    db
      .select({
        teamsUserId: msteamsAccounts.teamsUserId,
        optedIn: msteamsAccounts.optedIn,
        linkedAt: msteamsAccounts.linkedAt,
      })
      .from(msteamsAccounts)
      .where(eq(msteamsAccounts.userId, userId)),
  ]);
  return {
    arquivoDaLei14457: {
      regrasDeCondutaLidas: acknowledged.map((item) => ({
        empresa: item.company,
        versao: item.version,
        lidaEm: item.at.toISOString(),
      })),
      treinamentos: attended.map((item) => ({
        titulo: item.title,
        dia: item.heldOn,
        presenca: item.source === "qr" ? "Marcada por você com o QR" : "Lista enviada pela empresa",
        registradaEm: item.markedAt.toISOString(),
      })),
    },
    lembretesPorWhatsapp: numbers.map((item) => ({
      numero: item.phone,
      situacao: numberStatus[item.status],
      confirmadoEm: item.confirmedAt?.toISOString() ?? null,
      saiuEm: item.optedOutAt?.toISOString() ?? null,
    })),
    // docs/decisions/095: the Teams account bound to this one, and whether reminders go there.
    lembretesPeloTeams: teams.map((item) => ({
      contaDoTeams: item.teamsUserId,
      lembretesAtivos: item.optedIn,
      vinculadaEm: item.linkedAt.toISOString(),
    })),
  };
}

export function workplaceHtml(data: Awaited<ReturnType<typeof readWorkplaceExport>>, tz: string): string {
  const { regrasDeCondutaLidas: rules, treinamentos: trainings } = data.arquivoDaLei14457;
  const at = (iso: string | null) => (iso ? formatAtPtBR(iso, tz) : "—");
  return `${table("Regras de conduta que você leu", ["Empresa", "Versão", "Lida em"])}${
    rules.map((item) => row([item.empresa, String(item.versao), at(item.lidaEm)])).join("") || row(["Nenhuma", "", ""])
  }${tableEnd}${table("Treinamentos em que você está na lista de presença", ["Treinamento", "Dia", "Presença"])}${
    trainings.map((item) => row([item.titulo, formatDayPtBR(item.dia), item.presenca])).join("") ||
    row(["Nenhum", "", ""])
  }${tableEnd}${table("Lembretes por WhatsApp", ["Número", "Situação", "Confirmado em", "Saiu em"])}${
    data.lembretesPorWhatsapp
      .map((item) => row([item.numero, item.situacao, at(item.confirmadoEm), at(item.saiuEm)]))
      .join("") || row(["Nenhum número", "", "", ""])
  }${tableEnd}${table("Lembretes pelo Teams", ["Conta do Teams", "Lembretes", "Vinculada em"])}${
    data.lembretesPeloTeams
      .map((item) => row([item.contaDoTeams, item.lembretesAtivos ? "Ativos" : "Parados", at(item.vinculadaEm)]))
      .join("") || row(["Nenhuma conta vinculada", "", ""])
  }${tableEnd}`;
}
