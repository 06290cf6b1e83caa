/**
 * The block a start ends with (issue 36, item 11): where to open the Sereno and,
 * on the first start, the admin's generated password, framed so it is not lost
 * among the log lines. Printed to the console only, never to the log stream.
 */
export type StartBanner = {
  addresses: string[];
  admin?: { email: string; password: string };
};

export function startBannerLines({ addresses, admin }: StartBanner): string[] {
  const lines = [
    "O Sereno está no ar.",
    "",
    ...addresses.map((address, i) => `${i === 0 ? "Abra:" : "     "} ${address}`),
  ];
  if (admin)
    lines.push(
      "",
      `Administrador: ${admin.email}`,
      `Senha gerada:  ${admin.password}`,
      "Anote a senha: ela não será mostrada de novo.",
    );
  return lines;
}

/** The lines in a box drawn with box-drawing characters, two spaces of padding. */
export function framed(lines: string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const rule = "─".repeat(width + 4);
  return [`╭${rule}╮`, ...lines.map((line) => `│  ${line.padEnd(width)}  │`), `╰${rule}╯`].join("\n");
}
