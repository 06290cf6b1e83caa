/**
 * The consent for wellbeing data (LGPD art. 11, I) and its text version
 * (docs/decisions/015). Change WELLBEING_CONSENT_VERSION whenever the text in
 * inviteMessages.consentLabel changes in substance: everyone is asked again.
 */
import { inviteMessages } from "./invite-messages.ts";

/** The version of the consent text shown today (inviteMessages.consentLabel). */
export const WELLBEING_CONSENT_VERSION = "1";
export const WELLBEING_CONSENT_TEXT = inviteMessages.consentLabel;

export type WellbeingConsent = { version: string; at: string } | null;

/** True when the person consented to the text shown today: only then is wellbeing data recorded. */
export function hasCurrentConsent(consent: WellbeingConsent): boolean {
  return consent?.version === WELLBEING_CONSENT_VERSION;
}

/** True when the person consented to an older text: the app asks again (not after a revocation). */
export function needsReconsent(consent: WellbeingConsent): boolean {
  return consent !== null && consent.version !== WELLBEING_CONSENT_VERSION;
}
