/** Text going into HTML we write ourselves (e-mails, the personal export, the prerendered pages' values): escaped, so a name with '&' or '"' stays text. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
