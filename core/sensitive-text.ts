/**
 * What in a text could identify someone (issue 35): names of people, e-mail
 * addresses, phone numbers and CPFs. The Canal de escuta's writing box warns
 * about them and offers to mask them; the server uses the same rule. A
 * heuristic, not a guarantee: it errs toward warning.
 */
export type SensitiveKind = "nome" | "email" | "telefone" | "cpf";
export type SensitiveFinding = { kind: SensitiveKind; start: number; end: number; text: string };

export const sensitiveKindLabels: Record<SensitiveKind, string> = {
  nome: "nome de pessoa",
  email: "e-mail",
  telefone: "telefone",
  cpf: "CPF",
};

const masks: Record<SensitiveKind, string> = {
  nome: "[nome]",
  email: "[e-mail]",
  telefone: "[telefone]",
  cpf: "[CPF]",
};

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
const CPF = /\b\d{3}\.?\d{3}\.?\d{3}-?\d{2}\b/g;
// (11) 91234-5678, 11 91234 5678, +55 11 3456-7890, 912345678: 8 to 13 digits with the usual separators.
const PHONE = /(?:\+?55[\s.-]?)?(?:\(?\d{2}\)?[\s.-]?)?9?\d{4}[\s.-]?\d{4}\b/g;
// A capitalised word, accents included (Á, É, Ç…), optionally followed by more (João da Silva).
const NAME = /\p{Lu}[\p{Ll}'’]+(?:\s+(?:d[aeo]s?\s+)?\p{Lu}[\p{Ll}'’]+)*/gu;

/** Capitalised words that are not people: the product, bodies the channel is about, days of the week. */
const NOT_NAMES = new Set(
  [
    "Sereno",
    "Cipa",
    "Rh",
    "Brasil",
    "Deus",
    "Segunda",
    "Terça",
    "Quarta",
    "Quinta",
    "Sexta",
    "Sábado",
    "Domingo",
    "Eu",
    "Ele",
    "Ela",
    "Eles",
    "Elas",
    "Nós",
    "Você",
    "Vocês",
    "Meu",
    "Minha",
    "Nosso",
    "Nossa",
    "Isso",
    "Esse",
    "Essa",
    "Este",
    "Esta",
    "Hoje",
    "Ontem",
    "Amanhã",
    "Olá",
    "Oi",
    "Bom",
    "Boa",
    "Obrigado",
    "Obrigada",
    "Não",
    "Sim",
    "Por",
    "Para",
    "Quando",
    "Como",
    "Mas",
    "Também",
    "Depois",
    "Antes",
    "Ainda",
    "Já",
    "Há",
    "Na",
    "No",
    "Em",
    "De",
    "Do",
    "Da",
    "Um",
    "Uma",
    "Os",
    "As",
    "O",
    "A",
    "E",
    "Se",
    "Que",
    "Sempre",
    "Nunca",
    "Todos",
    "Todas",
    "Ninguém",
    "Alguém",
    "Gostaria",
    "Queria",
    "Acho",
    "Sinto",
    "Estou",
    "Tenho",
    "Fui",
    "Foi",
  ].map((word) => word.toLowerCase()),
);

/** The findings, in text order, none overlapping (an e-mail's digits are not also a phone). */
export function findSensitive(text: string): SensitiveFinding[] {
  const found: SensitiveFinding[] = [];
  const take = (
    kind: SensitiveKind,
    pattern: RegExp,
    accept: (match: string, index: number) => boolean = () => true,
  ) => {
    for (const match of text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      if (found.some((other) => start < other.end && other.start < end)) continue;
      if (accept(match[0], start)) found.push({ kind, start, end, text: match[0] });
    }
  };
  take("email", EMAIL);
  take("cpf", CPF);
  take("telefone", PHONE, (match) => {
    const digits = match.replace(/\D/g, "").length;
    return digits >= 8 && digits <= 13;
  });
  take("nome", NAME, (match, index) => isName(text, match, index));
  return found.sort((a, b) => a.start - b.start);
}

function isName(text: string, match: string, index: number): boolean {
  const words = match.split(/\s+/).filter((word) => !/^d[aeo]s?$/.test(word));
  const people = words.filter((word) => !NOT_NAMES.has(word.toLowerCase()));
  if (people.length === 0) return false;
  // Two capitalised words together are a name anywhere; one alone only where a sentence does not begin.
  if (people.length >= 2) return true;
  const before = text.slice(0, index).trimEnd();
  const startsSentence = before === "" || /[.!?:\n]$/.test(before);
  return !startsSentence;
}

/** The text with each finding replaced by its mask ('[nome]', '[e-mail]'…). */
export function maskSensitive(text: string, findings = findSensitive(text)): string {
  let out = "";
  let at = 0;
  for (const finding of findings) {
    out += text.slice(at, finding.start) + masks[finding.kind];
    at = finding.end;
  }
  return out + text.slice(at);
}
