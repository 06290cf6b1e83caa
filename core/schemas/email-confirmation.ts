/**
 * Confirming a personal e-mail given at /ativar (docs/decisions/066): the texts
 * server and web share, and the link's lifetime.
 */
import { z } from "zod";

/** How long the link mailed to the address holds. */
export const EMAIL_CONFIRMATION_HOURS = 24;

export const emailConfirmationMessages = {
  confirmed: "E-mail confirmado. A partir de agora, você pode entrar com ele e sua senha.",
  used: "Este link de confirmação já foi usado ou não vale mais. Se você já confirmou, é só entrar.",
  renewed: "Este link passou do prazo de 24 horas. Enviamos um novo para o mesmo e-mail: abra o mais recente.",
  failed: "Não foi possível confirmar seu e-mail agora. Tente de novo em instantes.",
} as const;

/** What /ativar says once the person finished with a personal e-mail, as the issue words it. */
export function confirmationSentMessage(address: string): string {
  return `Enviamos um link para ${address}: abra-o para confirmar seu e-mail.`;
}

/** The token of /confirmar-email#token=…: 32 random bytes, base64url. */
export const emailConfirmationInputSchema = z.object({
  token: z.string().regex(/^[\w-]{43}$/, emailConfirmationMessages.used),
});

export const emailConfirmedSchema = z.object({ message: z.string() });
