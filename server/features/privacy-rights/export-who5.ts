/**
 * The member's WHO-5 in 'Baixar meus dados' (docs/decisions/078): the consent
 * history of its own, every answer item by item with its index, and the
 * 'Agora não' running. A few rows a year, so read whole (who5-store.ts).
 */
import { asc, eq } from "drizzle-orm";
import { formatAtPtBR } from "#core/format.ts";
import { who5 } from "#core/who5.ts";
import type { Db } from "#server/db/client.ts";
import { who5ConsentEvents } from "#server/db/schema/index.ts";
import { itemsOf, readWho5 } from "#server/features/who5/index.ts";
import { escapeHtml } from "#server/html.ts";
import { row, table, tableEnd } from "./export-html.ts";

const scaleLabel = (value: number) => who5.scale.find((step) => step.value === value)?.label ?? String(value);

export async function readWho5Export(db: Db, userId: string) {
  const [{ answers, dismissedUntil }, consents] = await Promise.all([
    readWho5(db, userId),
    db
      .select({ kind: who5ConsentEvents.kind, version: who5ConsentEvents.version, at: who5ConsentEvents.at })
      .from(who5ConsentEvents)
      .where(eq(who5ConsentEvents.userId, userId))
      .orderBy(asc(who5ConsentEvents.at)),
  ]);
  return {
    indiceDeBemEstar: {
      instrumento: who5.title,
      consentimentos: consents.map((event) => ({
        tipo: event.kind === "given" ? "Dado" : "Revogado",
        versao: event.version,
        em: event.at.toISOString(),
      })),
      respostas: answers.map((answer) => ({
        respondidoEm: answer.answeredAt.toISOString(),
        itens: itemsOf(answer).map((value, index) => ({
          pergunta: who5.items[index] ?? "",
          resposta: scaleLabel(value),
          valor: value,
        })),
        indice: answer.score,
      })),
      convitePausadoAte: dismissedUntil?.toISOString() ?? null,
    },
  };
}

export function who5Html({ indiceDeBemEstar: data }: Awaited<ReturnType<typeof readWho5Export>>, tz: string): string {
  const consents = data.consentimentos.map((event) => row([formatAtPtBR(event.em, tz), event.tipo, event.versao]));
  const answers = data.respostas.map((answer) =>
    row([
      formatAtPtBR(answer.respondidoEm, tz),
      ...answer.itens.map((item) => `${item.resposta} (${item.valor})`),
      answer.indice,
    ]),
  );
  return `${table(`${data.instrumento}: consentimento`, ["Em", "Consentimento", "Versão do termo"])}${
    consents.join("") || row(["Nenhum", "", ""])
  }${tableEnd}${table(`${data.instrumento}: respostas`, ["Respondido em", ...who5.items, "Índice (0 a 100)"])}${
    answers.join("") || row(["Nenhuma resposta", "", "", "", "", "", ""])
  }${tableEnd}${
    data.convitePausadoAte
      ? `<p>Convite do Painel pausado ('Agora não') até ${escapeHtml(formatAtPtBR(data.convitePausadoAte, tz))}.</p>`
      : ""
  }`;
}
