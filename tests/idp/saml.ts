/**
 * A SAML 2.0 identity provider for the tests: metadata, and responses built
 * here and signed with samlify's signer (xml-crypto underneath) under a
 * fixture key (saml-idp-key.pem, self-signed for the tests only). Options
 * make the broken and hostile variants the API tests refuse.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { inflateRawSync } from "node:zlib";
// samlify is CommonJS: its default import works under Node, vitest and Playwright alike (named ones do not under Playwright).
import samlify from "samlify";

const KEY = readFileSync(path.join(import.meta.dirname, "saml-idp-key.pem"), "utf8");
const CERT = readFileSync(path.join(import.meta.dirname, "saml-idp-cert.pem"), "utf8");
const CERT_BODY = CERT.replace(/-----[^-]+-----/g, "").replace(/\s+/g, "");

export function idpMetadata(entityId: string, ssoUrl: string): string {
  return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entityId}">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${CERT_BODY}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}

/** The AuthnRequest's ID, from the URL Sereno sent the browser to. */
export function requestIdOf(redirectUrl: string): string {
  const request = new URL(redirectUrl).searchParams.get("SAMLRequest") ?? "";
  const xml = inflateRawSync(Buffer.from(request, "base64")).toString("utf8");
  return /\sID="([^"]+)"/.exec(xml)?.[1] ?? "";
}

export type ResponseOptions = {
  issuer: string;
  acsUrl: string;
  audience: string;
  email: string;
  inResponseTo?: string;
  /** Minutes from now; negative: already expired. */
  validForMinutes?: number;
  sign?: boolean;
  /** Entra ID's object id claim of the person, as Entra sends it (docs/decisions/109). */
  entraObjectId?: string;
};

function assertionXml(options: ResponseOptions, id = `_a${randomUUID()}`): string {
  const now = new Date();
  const until = new Date(now.getTime() + (options.validForMinutes ?? 5) * 60_000).toISOString();
  const before = new Date(now.getTime() - 60_000).toISOString();
  const inResponseTo = options.inResponseTo ? ` InResponseTo="${options.inResponseTo}"` : "";
  const attributes = options.entraObjectId
    ? `<saml:AttributeStatement><saml:Attribute Name="http://schemas.microsoft.com/identity/claims/objectidentifier"><saml:AttributeValue>${options.entraObjectId}</saml:AttributeValue></saml:Attribute></saml:AttributeStatement>`
    : "";
  return `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${now.toISOString()}"><saml:Issuer>${options.issuer}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${options.email}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${until}" Recipient="${options.acsUrl}"${inResponseTo}/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${before}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${options.audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_s${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>${attributes}</saml:Assertion>`;
}

function responseXml(options: ResponseOptions, assertions: string): string {
  const inResponseTo = options.inResponseTo ? ` InResponseTo="${options.inResponseTo}"` : "";
  return `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${options.acsUrl}"${inResponseTo}><saml:Issuer>${options.issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertions}</samlp:Response>`;
}

/** The response with its assertion signed (or not, with `sign: false`), as XML. */
export function signedResponseXml(options: ResponseOptions): string {
  const xml = responseXml(options, assertionXml(options));
  if (options.sign === false) return xml;
  return samlify.SamlLib.constructSAMLSignature({
    rawSamlMessage: xml,
    referenceTagXPath: "/*[local-name(.)='Response']/*[local-name(.)='Assertion']",
    privateKey: KEY,
    signingCert: CERT_BODY,
    signatureAlgorithm: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
    isBase64Output: false,
    signatureConfig: {
      prefix: "ds",
      location: {
        reference: "/*[local-name(.)='Response']/*[local-name(.)='Assertion']/*[local-name(.)='Issuer']",
        action: "after",
      },
    },
  });
}

/** An unsigned assertion for `email`, shaped like the signed one: what a wrapping attack slips in. */
export function forgedAssertion(options: ResponseOptions): string {
  return assertionXml(options);
}

export const encode = (xml: string) => Buffer.from(xml, "utf8").toString("base64");

export type TestSamlIdp = { entityId: string; ssoUrl: string; metadata: string; close: () => Promise<void> };

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The browser-facing side of the SAML IdP (the browser journeys): GET /sso
 * takes Sereno's AuthnRequest (HTTP-Redirect) and shows a login form; its
 * POST answers a page that posts the signed response to the ACS by itself,
 * as real IdPs do (HTTP-POST binding). Any e-mail is accepted.
 */
export async function startSamlIdp(options: { port: number; acsUrl: string; audience: string }): Promise<TestSamlIdp> {
  const base = `http://127.0.0.1:${options.port}`;
  const entityId = `${base}/metadata`;
  const ssoUrl = `${base}/sso`;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", base);
    response.setHeader("content-type", "text/html; charset=utf-8");
    if (request.method === "GET" && url.pathname === "/sso") {
      const requestId = requestIdOf(url.href);
      response.end(`<!doctype html><html lang="pt-BR"><title>IdP de teste</title><form method="post" action="/sso">
<input type="hidden" name="requestId" value="${escapeHtml(requestId)}">
<label>E-mail <input name="login" type="email"></label><button type="submit">Entrar no IdP</button></form>`);
      return;
    }
    if (request.method === "POST" && url.pathname === "/sso") {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        const form = new URLSearchParams(body);
        const xml = signedResponseXml({
          issuer: entityId,
          acsUrl: options.acsUrl,
          audience: options.audience,
          email: form.get("login") ?? "",
          inResponseTo: form.get("requestId") ?? undefined,
        });
        response.end(`<!doctype html><html><body onload="document.forms[0].submit()"><form method="post" action="${escapeHtml(options.acsUrl)}">
<input type="hidden" name="SAMLResponse" value="${escapeHtml(encode(xml))}"><noscript><button>Continuar</button></noscript></form></body></html>`);
      });
      return;
    }
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(options.port, "127.0.0.1", resolve));
  return {
    entityId,
    ssoUrl,
    metadata: idpMetadata(entityId, ssoUrl),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
