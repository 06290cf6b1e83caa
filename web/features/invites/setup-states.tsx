import { CircleCheck, LogIn, RotateCcw, TriangleAlert } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";

/** Spec 9: the setup pages send the person to /login 3 seconds after success. */
const REDIRECT_DELAY_MS = 3000;

export function SetupLoading({ title }: { title: string }) {
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">{title}</h1>
      <Spinner label="Verificando seu convite..." className="justify-start py-4" />
    </div>
  );
}

/** An unusable link: what happened, what to do, and the way to the login. */
export function SetupLinkError({ title, onRetry }: { title: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="space-y-4">
      <div className="flex items-start gap-3">
        <TriangleAlert aria-hidden className="mt-0.5 size-6 shrink-0 text-danger" strokeWidth={1.75} />
        <h1 className="text-xl font-semibold">{title}</h1>
      </div>
      <p className="text-muted">
        Os convites valem por 7 dias e só podem ser usados uma vez. Confira se você abriu o link mais recente do e-mail
        ou peça um novo convite a quem convidou você.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        {onRetry ? (
          <Button variant="secondary" onClick={onRetry}>
            <RotateCcw aria-hidden className="size-4" /> Tentar novamente
          </Button>
        ) : null}
        <Link to="/login" className={buttonClass("primary")}>
          <LogIn aria-hidden className="size-4" /> Ir para o login
        </Link>
      </div>
    </div>
  );
}

/** Where an accepted invitation lands: /login says 'conta ativada' (issue 45, minor list). */
const ACTIVATED_LOGIN = "/login?conta=ativada";

/** Success, then /login after 3 s (the link is there for those who do not want to wait). */
export function SetupSuccess({ title, children }: { title: string; children: ReactNode }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(ACTIVATED_LOGIN, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <div className="space-y-4 text-center">
      <CircleCheck aria-hidden className="mx-auto size-12 text-success" strokeWidth={1.5} />
      <h1 className="text-2xl font-semibold">{title}</h1>
      <div role="status" className="space-y-2 text-muted">
        {children}
      </div>
      <Link to={ACTIVATED_LOGIN} replace className={buttonClass("primary")}>
        <LogIn aria-hidden className="size-4" /> Ir para o login agora
      </Link>
    </div>
  );
}
