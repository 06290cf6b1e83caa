import { LogIn } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { authMessages } from "#core/auth-messages.ts";
import { Logo } from "#web/components/logo.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { buttonClass } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { signInLinkUrl } from "#web/features/auth/auth.queries.ts";

export function meta() {
  return [{ title: "Entrar com link | Sereno" }];
}

/**
 * Target of the e-mailed sign-in link. Opening it signs nobody in (mail
 * scanners open links and would use it up): the person presses the button,
 * on the device they want to use.
 */
export default function SignInLinkPage() {
  const [params] = useSearchParams();
  const token = params.get("token");

  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <Card className="w-full max-w-md space-y-6 p-6 sm:p-8">
        <Logo />
        <div className="space-y-2">
          <h1 className="text-xl font-semibold">Entrar com link</h1>
          <p className="text-sm text-muted">
            Você vai entrar no Sereno neste aparelho, sem senha. O link vale por 15 minutos e só pode ser usado uma vez.
          </p>
        </div>
        {token ? null : <Alert tone="error">{authMessages.signInLinkInvalid}</Alert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to="/login" className={buttonClass("secondary")}>
            Entrar com senha
          </Link>
          {token ? (
            <a href={signInLinkUrl(token)} className={buttonClass("primary")}>
              <LogIn aria-hidden className="size-4" /> Entrar no Sereno
            </a>
          ) : null}
        </div>
      </Card>
    </main>
  );
}
