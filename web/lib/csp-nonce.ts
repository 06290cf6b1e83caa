/**
 * The nonce of this page's Content-Security-Policy. The build renders a
 * placeholder in a meta tag; the server puts a fresh nonce there and in the
 * header of each HTML reply (server/static-site.ts). The dialogs' scroll lock
 * (react-remove-scroll, inside Radix Dialog) writes a <style> element at run
 * time and stamps it with `__webpack_nonce__`, so style-src needs no
 * 'unsafe-inline' (docs/decisions/018).
 */
import { pagePlaceholders } from "#core/page-placeholders.ts";

export function cspNonce(): string {
  if (typeof document === "undefined") return pagePlaceholders.cspNonce;
  return document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? pagePlaceholders.cspNonce;
}

/** Lets the libraries that inject <style> elements stamp them with the page's nonce. */
export function shareNonceWithStyleInjectors(): void {
  if (typeof document === "undefined") return;
  (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = cspNonce();
}
