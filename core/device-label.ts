/**
 * A session's device in pt-BR words ('Chrome no Windows', 'Safari no iPhone'),
 * read from its user agent, for Configurações › Sessões ativas and the
 * Registro de acessos. Only the common browsers and systems are named; the
 * rest reads as a generic label rather than a raw user-agent string.
 */

/** Order matters: Edge, Opera and Samsung Internet also say 'Chrome', and Chrome also says 'Safari'. */
const browsers: Array<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Version\/[\d.]+.*Safari\//, "Safari"],
];

const systems: Array<[RegExp, string]> = [
  [/iPhone/, "iPhone"],
  [/iPad/, "iPad"],
  [/Android/, "Android"],
  [/CrOS/, "Chromebook"],
  [/Windows/, "Windows"],
  [/Macintosh|Mac OS X/, "Mac"],
  [/Linux/, "Linux"],
];

const firstMatch = (text: string, table: Array<[RegExp, string]>) => table.find(([pattern]) => pattern.test(text))?.[1];

export function deviceLabel(userAgent: string | null | undefined): string {
  const text = userAgent ?? "";
  const browser = firstMatch(text, browsers);
  const system = firstMatch(text, systems);
  if (browser && system) return `${browser} no ${system}`;
  if (browser) return browser;
  if (system) return `Navegador no ${system}`;
  return "Aparelho não identificado";
}
