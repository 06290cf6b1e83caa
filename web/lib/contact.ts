/**
 * The chat-app contact (CONTACT_WHATSAPP). Public pages are prerendered at
 * build time, so they carry a placeholder that the server replaces when it
 * serves the HTML; in the browser the number is read back from the meta tag.
 */
export const CONTACT_PLACEHOLDER = "__CONTACT_WHATSAPP__";

export function contactNumber(): string {
  if (typeof document === "undefined") return CONTACT_PLACEHOLDER;
  return document.querySelector<HTMLMetaElement>('meta[name="sereno-contact"]')?.content ?? CONTACT_PLACEHOLDER;
}

export function whatsappLink(text: string): string {
  return `https://wa.me/${contactNumber()}?text=${encodeURIComponent(text)}`;
}

export const supportMessage = "Olá! Preciso de ajuda com o Sereno.";
export const salesMessage = "Olá! Quero conhecer o Sereno para a minha empresa.";
