/**
 * The Teams app package a company's IT uploads (docs/decisions/095): a .zip (fflate) of manifest.json
 * (app manifest schema v1.22, a personal-scope bot with the company's Microsoft App ID), color.png (192×192,
 * full colour) and outline.png (32×32, white on transparent), the two icons Teams asks for, drawn here.
 */
import { crc32, deflateSync } from "node:zlib";
import { zipSync } from "fflate";

const MANIFEST_VERSION = "1.22";
/** Sereno's green (public/manifest.webmanifest's theme colour). */
const ACCENT = "#0f6e64";

/** A PNG of `size`×`size` RGBA pixels, each from `pixel(x, y)`. */
function png(size: number, pixel: (x: number, y: number) => [number, number, number, number]): Uint8Array {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    const row = y * (size * 4 + 1);
    raw[row] = 0;
    for (let x = 0; x < size; x += 1) Buffer.from(pixel(x, y)).copy(raw, row + 1 + x * 4);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A ring (Sereno's calm circle) of radius `outer`, `width` thick, centred. */
const onRing = (size: number, x: number, y: number, outer: number, width: number) => {
  const distance = Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2);
  return distance <= outer && distance >= outer - width;
};

const colorIcon = () =>
  png(192, (x, y) => (onRing(192, x, y, 62, 16) ? [255, 255, 255, 255] : [0x0f, 0x6e, 0x64, 255]));
const outlineIcon = () => png(32, (x, y) => (onRing(32, x, y, 13, 3) ? [255, 255, 255, 255] : [255, 255, 255, 0]));

function appManifest(appId: string, appUrl: string) {
  const host = new URL(appUrl).host;
  return {
    $schema: `https://developer.microsoft.com/json-schemas/teams/v${MANIFEST_VERSION}/MicrosoftTeams.schema.json`,
    manifestVersion: MANIFEST_VERSION,
    version: "1.0.0",
    id: appId,
    developer: {
      name: "Sereno",
      websiteUrl: appUrl,
      privacyUrl: `${appUrl}/privacidade`,
      termsOfUseUrl: `${appUrl}/termos`,
    },
    name: { short: "Sereno", full: "Sereno: lembrete do check-in" },
    description: {
      short: "O lembrete do seu check-in diário no Sereno.",
      full: "Receba no chat pessoal com o Sereno o lembrete do check-in do dia e responda com um toque. A resposta vai direto para o Sereno e não fica na conversa; sua empresa não vê quem usa nem o que foi respondido.",
    },
    icons: { color: "color.png", outline: "outline.png" },
    accentColor: ACCENT,
    bots: [{ botId: appId, scopes: ["personal"], supportsFiles: false, isNotificationOnly: false }],
    validDomains: [host],
  };
}

/** The .zip IT uploads in the Teams admin center: the manifest and its two icons at the root. */
export function appPackage(appId: string, appUrl: string): Uint8Array {
  return zipSync({
    "manifest.json": new TextEncoder().encode(JSON.stringify(appManifest(appId, appUrl), null, 2)),
    "color.png": colorIcon(),
    "outline.png": outlineIcon(),
  });
}
