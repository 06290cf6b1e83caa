/**
 * The chat-app contact (CONTACT_WHATSAPP). Public pages are prerendered at
 * build time, so they carry a placeholder that the server replaces when it
 * serves the HTML; in the browser the number is read back from the meta tag.
 */
import { pagePlaceholders, UNSET_CONTACT_WHATSAPP } from "#core/page-placeholders.ts";

export function contactNumber(): string {
  if (typeof document === "undefined") return pagePlaceholders.contact;
  return document.querySelector<HTMLMetaElement>('meta[name="sereno-contact"]')?.content ?? pagePlaceholders.contact;
}

export function whatsappLink(text: string): string {
  return `https://wa.me/${contactNumber()}?text=${encodeURIComponent(text)}`;
}

/** Sereno's support address: Ajuda, and whom a manager asks for another plan (docs/decisions/058). */
export const SUPPORT_EMAIL = "suporte@sereno.com.br";

export const supportMessage = "Olá! Preciso de ajuda com o Sereno.";
export const salesMessage = "Olá! Quero conhecer o Sereno para a minha empresa.";

/**
 * '5511988887777' → '+55 (11) 98888-7777', to print beside the chat button; null when the number is not a
 * Brazilian one we can read, or is the default of an install that configured none (the line is then hidden).
 */
export function contactPhoneLine(digits: string): string | null {
  if (digits === UNSET_CONTACT_WHATSAPP) return null;
  const match = digits.match(/^55(\d{2})(\d{4,5})(\d{4})$/);
  return match ? `+55 (${match[1]}) ${match[2]}-${match[3]}` : null;
}
