/**
 * People who activate at /ativar without any e-mail still need an account,
 * and better-auth's accounts need a unique e-mail: theirs is an address under
 * a reserved `.invalid` domain (RFC 2606), which no mail server delivers and
 * the mailer never sends to (docs/decisions/045).
 */
export const INTERNAL_DOMAIN = "sem-email.sereno.invalid";

export function internalAddressFor(userId: string): string {
  return `${userId}@${INTERNAL_DOMAIN}`;
}

export function isInternalAddress(email: string): boolean {
  return email.toLowerCase().endsWith(`@${INTERNAL_DOMAIN}`);
}

/**
 * What a screen shows for an account's e-mail: the internal address is nobody's, so it reads 'Sem e-mail',
 * with the HR matrícula when the screen has it, to tell one such person from another (issue 45, item 8).
 */
export function shownEmail(email: string, matricula?: string | null): string {
  if (!isInternalAddress(email)) return email;
  return matricula ? `Sem e-mail · matrícula ${matricula}` : "Sem e-mail";
}
