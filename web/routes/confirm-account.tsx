import { useLocation } from "react-router";
import { AccountSetup, activateAccount } from "#web/features/invites/account-setup.tsx";

export function meta() {
  return [{ title: "Ativar conta | Sereno" }];
}

/** '#access_token=…&type=invite' (the admin invite link) → the token. */
function tokenFromHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, "")).get("access_token") || null;
}

/** Spec 2 'Account setup': someone invited by an admin sets their password. */
export default function ConfirmAccountPage() {
  return <AccountSetup token={tokenFromHash(useLocation().hash)} kind={activateAccount} />;
}
