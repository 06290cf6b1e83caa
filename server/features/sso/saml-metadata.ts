/**
 * What Sereno uses of an IdP's SAML metadata: its entityID, the
 * SingleSignOnService address for the HTTP-Redirect binding and its signing
 * certificates. The metadata comes from the platform admin (pasted, or read
 * from the address they gave), so a small reader of those three elements is
 * enough; the answers themselves are verified by @node-saml/node-saml.
 */
import { ssoMessages } from "#core/sso-messages.ts";
import { AppError } from "#server/errors.ts";

const REDIRECT_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";

export type IdpMetadata = { xml: string; entityId: string; ssoUrl: string; certificates: string[] };

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(tag);
  const value = match ? (match[2] ?? match[3] ?? "") : null;
  return value === null
    ? null
    : value
        .replace(/&amp;/g, "&")
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'");
}

function elements(xml: string, localName: string): string[] {
  return [...xml.matchAll(new RegExp(`<(?:[\\w.-]+:)?${localName}\\b[^>]*>`, "g"))].map((match) => match[0]);
}

/** The parts between <X> and </X> (any prefix), in order. */
function bodies(xml: string, localName: string): string[] {
  const pattern = new RegExp(`<((?:[\\w.-]+:)?${localName})\\b[^>]*>([\\s\\S]*?)</\\1>`, "g");
  return [...xml.matchAll(pattern)].map((match) => match[2] ?? "");
}

function parseIdpMetadata(xml: string): Omit<IdpMetadata, "xml"> {
  const [descriptor] = elements(xml, "EntityDescriptor");
  const entityId = descriptor ? attribute(descriptor, "entityID") : null;
  const [idp] = bodies(xml, "IDPSSODescriptor");
  const ssoUrl =
    elements(idp ?? "", "SingleSignOnService")
      .filter((tag) => attribute(tag, "Binding") === REDIRECT_BINDING)
      .map((tag) => attribute(tag, "Location"))
      .find(Boolean) ?? null;
  const certificates = [...(idp ?? "").matchAll(/<((?:[\w.-]+:)?KeyDescriptor)\b([^>]*)>([\s\S]*?)<\/\1>/g)]
    .filter((match) => attribute(match[2] ?? "", "use") !== "encryption")
    .flatMap((match) => bodies(match[3] ?? "", "X509Certificate"))
    .map((body) => body.replace(/\s+/g, ""))
    .filter(Boolean);
  if (!entityId || !ssoUrl || !/^https?:\/\//.test(ssoUrl) || certificates.length === 0)
    throw new AppError("VALIDATION", ssoMessages.metadataInvalid, { field: "metadataXml" });
  return { entityId, ssoUrl, certificates: [...new Set(certificates)] };
}

/** The admin's metadata: pasted XML wins; else it is read from the address once, when saved. */
export async function readIdpMetadata(pasted: string | undefined, url: string | undefined): Promise<IdpMetadata> {
  let xml = pasted?.trim();
  if (!xml && url) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: "follow" });
      if (!response.ok) throw new Error(`status ${response.status}`);
      xml = (await response.text()).trim();
    } catch {
      throw new AppError("VALIDATION", ssoMessages.metadataUnreachable, { field: "metadataUrl" });
    }
  }
  if (!xml) throw new AppError("VALIDATION", ssoMessages.metadataRequired, { field: "metadataXml" });
  return { xml, ...parseIdpMetadata(xml) };
}
