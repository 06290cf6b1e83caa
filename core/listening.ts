/**
 * The Canal de escuta (issue 35, docs/decisions/049): kinds and categories of
 * a case, the NR-1 hazard each category feeds, the statuses, the protocol and
 * secret formats and the quarters its figures are counted by. Pure rules.
 */
import type { IsoDay } from "./dates.ts";
import type { HazardId } from "./risks.ts";

export const caseKinds = ["mensagem", "denuncia"] as const;
export type CaseKind = (typeof caseKinds)[number];

/** Each category, its kind, its label and the one NR-1 hazard (core/risks.ts) its counts feed. */
export const caseCategories = {
  sugestao: { kind: "mensagem", label: "Sugestão", hazard: "justica" },
  elogio: { kind: "mensagem", label: "Elogio", hazard: "recompensas" },
  preocupacao: { kind: "mensagem", label: "Preocupação", hazard: "falta_suporte" },
  assedio_sexual: { kind: "denuncia", label: "Assédio sexual", hazard: "assedio" },
  assedio_moral: { kind: "denuncia", label: "Assédio moral", hazard: "assedio" },
  discriminacao: { kind: "denuncia", label: "Discriminação", hazard: "justica" },
  violencia: { kind: "denuncia", label: "Violência", hazard: "eventos_violentos" },
  outro: { kind: "denuncia", label: "Outro", hazard: "relacionamentos" },
} as const satisfies Record<string, { kind: CaseKind; label: string; hazard: HazardId }>;
export type CaseCategory = keyof typeof caseCategories;
export const caseCategoryIds = Object.keys(caseCategories) as [CaseCategory, ...CaseCategory[]];

export function categoriesOf(kind: CaseKind): CaseCategory[] {
  return caseCategoryIds.filter((id) => caseCategories[id].kind === kind);
}

export const caseStatuses = {
  recebida: "Recebida",
  em_analise: "Em análise",
  em_apuracao: "Em apuração",
  concluida: "Concluída",
  arquivada: "Arquivada",
} as const;
export type CaseStatus = keyof typeof caseStatuses;
export const caseStatusIds = Object.keys(caseStatuses) as [CaseStatus, ...CaseStatus[]];

/** A case is closed (its retention clock runs) once concluded or archived. */
export const closedStatuses = ["concluida", "arquivada"] as const satisfies readonly CaseStatus[];
export function isClosedStatus(status: CaseStatus): boolean {
  return (closedStatuses as readonly CaseStatus[]).includes(status);
}

/** Years a closed case is kept unless the admin sets otherwise. */
export const DEFAULT_RETENTION_YEARS = 5;
export const MAX_RETENTION_YEARS = 20;

/** No 0/O or 1/I/L: read aloud or copied by hand without doubt. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const PROTOCOL_PATTERN = /^ESC-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/;
export const SECRET_PATTERN = /^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/;

function groups(bytes: Uint8Array, count: number): string {
  const chars = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]).join("");
  return Array.from({ length: count }, (_, i) => chars.slice(i * 4, i * 4 + 4)).join("-");
}

/** `random` returns that many uniformly random bytes (crypto on the server). */
export function makeProtocol(random: (size: number) => Uint8Array): string {
  return `ESC-${groups(unbiased(random, 8), 2)}`;
}

/** 16 characters of 31: about 79 bits, stored only as a keyed hash. */
export function makeSecret(random: (size: number) => Uint8Array): string {
  return groups(unbiased(random, 16), 4);
}

/** Bytes below the largest multiple of the alphabet's size, so each character is equally likely. */
function unbiased(random: (size: number) => Uint8Array, size: number): Uint8Array {
  const limit = 256 - (256 % ALPHABET.length);
  const out: number[] = [];
  while (out.length < size) for (const byte of random(size * 2)) if (byte < limit && out.length < size) out.push(byte);
  return Uint8Array.from(out);
}

/** Protocols and secrets are typed by people: case and stray spaces do not matter. */
export function normaliseCode(code: string): string {
  return code.trim().toUpperCase().replace(/\s+/g, "");
}

/** A calendar quarter: '2026-T3', its first and last day. */
export type Quarter = { id: string; label: string; from: IsoDay; to: IsoDay };

function quarterOf(day: IsoDay): Quarter {
  const year = Number(day.slice(0, 4));
  const index = Math.floor((Number(day.slice(5, 7)) - 1) / 3);
  return quarterAt(year, index);
}

function quarterAt(year: number, index: number): Quarter {
  const firstMonth = index * 3 + 1;
  const lastMonth = firstMonth + 2;
  const lastDay = new Date(Date.UTC(year, lastMonth, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    id: `${year}-T${index + 1}`,
    label: `${index + 1}º trimestre de ${year}`,
    from: `${year}-${pad(firstMonth)}-01` as IsoDay,
    to: `${year}-${pad(lastMonth)}-${pad(lastDay)}` as IsoDay,
  };
}

/** The `count` quarters that ended before `today`, most recent first. */
export function closedQuarters(today: IsoDay, count: number): Quarter[] {
  const current = quarterOf(today);
  let year = Number(current.id.slice(0, 4));
  let index = Number(current.id.slice(-1)) - 1;
  const out: Quarter[] = [];
  for (let i = 0; i < count; i++) {
    index -= 1;
    if (index < 0) {
      index = 3;
      year -= 1;
    }
    out.push(quarterAt(year, index));
  }
  return out;
}

/** Attachments of a message (docs/decisions/052): photos and PDFs, their metadata stripped before storage. */
export const MAX_ATTACHMENTS = 3;
export const MAX_ATTACHMENT_MB = 5;
export const MAX_ATTACHMENT_BYTES = MAX_ATTACHMENT_MB * 1024 * 1024;
/** What the file picker offers; the server decides by the bytes. */
export const ATTACHMENT_ACCEPT = "image/jpeg,image/png,application/pdf";

/** The stored name never keeps the person's own (it can carry a name): 'anexo-2.pdf'. */
export function attachmentName(position: number, extension: string): string {
  return `anexo-${position}.${extension}`;
}
