import { useSearchParams } from "react-router";
import { AccountSetup, createAccount } from "#web/features/invites/account-setup.tsx";

export function meta() {
  return [{ title: "Criar conta | Sereno" }];
}

/** Spec 2 'Account setup': someone invited by their manager from /team creates their account. */
export default function AcceptInvitePage() {
  const [params] = useSearchParams();
  return <AccountSetup token={params.get("token") || null} kind={createAccount} />;
}
