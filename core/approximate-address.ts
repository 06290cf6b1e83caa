/**
 * A network address with its last part hidden ('177.34.12.x'): enough for a
 * person to tell their own networks apart in Configurações › Sessões ativas,
 * without showing the full address on screen (docs/decisions/032).
 */
export function approximateAddress(ip: string | null | undefined): string {
  if (!ip) return "Endereço desconhecido";
  const address = ip.replace(/^::ffff:/i, "");
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(address);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.x`;
  if (address.includes(":")) {
    // The first three groups: a provider's /48, the part of an IPv6 address that names a network.
    const groups = address.split("::")[0]?.split(":").filter(Boolean) ?? [];
    return groups.length ? `${groups.slice(0, 3).join(":")}:…` : "Este computador";
  }
  return "Endereço desconhecido";
}
