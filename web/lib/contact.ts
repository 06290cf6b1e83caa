/**
 * The chat-app contact (CONTACT_WHATSAPP). Public pages are prerendered at
 * build time, so they carry a placeholder that the server replaces when it
 * serves the HTML; in the browser the number is read back from the meta tag.
 */
import { pagePlaceholders } from "#core/page-placeholders.ts";

export function contactNumber(): string {
  if (typeof document === "undefined") return pagePlaceholders.contact;
  return document.querySelector<HTMLMetaElement>('meta[name="sereno-contact"]')?.content ?? pagePlaceholders.contact;
}

export function whatsappLink(text: string): string {
  return `https://wa.me/${contactNumber()}?text=${encodeURIComponent(text)}`;
}

export const supportMessage = "Olá! Preciso de ajuda com o Sereno.";
export const salesMessage = "Olá! Quero conhecer o Sereno para a minha empresa.";
