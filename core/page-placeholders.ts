/**
 * What the prerendered pages carry where a value is known only when the
 * server starts (the contact number, the encarregado, the notes retention,
 * the public origin) or per reply (the CSP nonce): the web renders these
 * words at build time and server/static-site.ts replaces them in the HTML
 * (docs/decisions/005). One list, so the two sides cannot drift apart.
 */
export const pagePlaceholders = {
  contact: "__CONTACT_WHATSAPP__",
  cspNonce: "__CSP_NONCE__",
  appUrl: "__APP_URL__",
  dpoName: "__DPO_NAME__",
  dpoEmail: "__DPO_EMAIL__",
  notesRetentionDays: "__NOTES_RETENTION_DAYS__",
} as const;

/**
 * CONTACT_WHATSAPP's default when none is configured: the buttons still open a chat, but no screen
 * prints this number as if it were the company's (issue 36, item 7).
 */
export const UNSET_CONTACT_WHATSAPP = "5511999999999";
