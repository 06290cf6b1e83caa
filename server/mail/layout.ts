/** The one layout of the product's e-mails (HTML, inline styles for mail clients): title, paragraphs, a button. */
import { escapeHtml } from "#server/html.ts";

function actionButton(action: { label: string; url: string }): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0f6e64;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;line-height:1.6;font-size:13px;color:#5b6b69">Se o botão não funcionar, copie e cole este endereço no navegador:<br>${escapeHtml(action.url)}</p>`;
}

export function layout(
  title: string,
  paragraphs: string[],
  action: { label: string; url: string } | null,
  footer: string,
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.6">${escapeHtml(p)}</p>`).join("");
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f4f7f6;font-family:Arial,Helvetica,sans-serif;color:#1f2d2b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#0f6e64">Sereno</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(title)}</h1>
${body}
${action ? actionButton(action) : ""}
<p style="margin:24px 0 0;font-size:13px;color:#5b6b69">${escapeHtml(footer)}</p>
</td></tr></table></td></tr></table></body></html>`;
}
