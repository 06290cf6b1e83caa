import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, Heart, Lock, ShieldCheck, Sparkles } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { authMessages } from "#core/auth-messages.ts";
import { inviteMessages } from "#core/invite-messages.ts";
import { privacyMessages } from "#core/privacy-messages.ts";
import { type LoginInput, loginInputSchema } from "#core/schemas/auth.ts";
import { ssoRefusalMessage } from "#core/sso-messages.ts";
import { Logo } from "#web/components/logo.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Field, Input } from "#web/components/ui/field.tsx";
import { isSignInLimited, signInErrorMessage, startSsoSignIn, useSignIn } from "#web/features/auth/auth.queries.ts";
import { GoogleButton } from "#web/features/auth/google-button.tsx";
import { PasskeySignInButton } from "#web/features/auth/passkey-sign-in-button.tsx";
import { RecoveryPanel } from "#web/features/auth/recovery-panel.tsx";
import { SignInLinkOffer } from "#web/features/auth/sign-in-link-offer.tsx";
import { SsoSignInButton } from "#web/features/auth/sso-sign-in-button.tsx";
import { SESSION_MINUTES } from "#web/features/marketing/claims.ts";
import { safeNext } from "#web/lib/navigation.ts";
import { arrivedAfterLeave, useMe } from "#web/lib/session.ts";

export function meta() {
  return [
    { title: "Entrar | Sereno" },
    { name: "description", content: "Entre no Sereno para fazer seu check-in e seus exercícios de bem-estar." },
  ];
}

const highlights = [
  { icon: Heart, text: "Check-in diário em menos de um minuto" },
  { icon: Sparkles, text: `Exercícios guiados, em sessões de ${SESSION_MINUTES} minutos` },
  { icon: ShieldCheck, text: "Suas respostas são privadas: sua empresa só vê dados agregados e anônimos" },
];

/** What a redirect back to /login says: Google's callback and the sign-in link land here with `error`. */
function redirectNotice(params: URLSearchParams): string | null {
  const error = params.get("error");
  if (error === "ACCESS_ENDED") return authMessages.accessEnded;
  if (params.get("erro") === "link") return authMessages.signInLinkInvalid;
  if (params.get("erro") === "sso") return ssoRefusalMessage(params.get("motivo"));
  if (error === "signup_disabled") return authMessages.googleNoAccount;
  if (params.get("erro") === "google" || error) return authMessages.googleFailed;
  return null;
}

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const me = useMe();
  const signIn = useSignIn();
  const [formError, setFormError] = useState<string | null>(null);
  const [linkEmail, setLinkEmail] = useState<string | null>(null);
  const [recoveryOpen, setRecoveryOpen] = useState(false);
  // Prerendered, with its scripts loaded after the first paint (docs/decisions/021): its buttons wait for them.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(arrivedAfterLeave, []);
  // A platform admin's home is not the Painel (docs/decisions/050): the role decides once it is known.
  const next = safeNext(params.get("next"), me.data?.role);
  const notice = redirectNotice(params);

  const form = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (me.data) navigate(next, { replace: true });
  }, [me.data, navigate, next]);

  const submitPassword = form.handleSubmit(async (values) => {
    setFormError(null);
    setLinkEmail(null);
    try {
      await signIn.mutateAsync(values);
      navigate(next, { replace: true });
    } catch (error) {
      setFormError(signInErrorMessage(error));
      if (isSignInLimited(error)) setLinkEmail(values.email);
    }
  });

  // An e-mail without a password: a company with single sign-on takes the person to its provider (docs/decisions/047).
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { email, password } = form.getValues();
    if (!password && loginInputSchema.shape.email.safeParse(email).success) {
      setFormError(null);
      try {
        if (await startSsoSignIn(email.trim().toLowerCase())) return;
      } catch (error) {
        setFormError(signInErrorMessage(error));
        return;
      }
    }
    await submitPassword(event);
  }

  return (
    <div className="grid min-h-dvh lg:grid-cols-2">
      <aside
        aria-label="Sobre o Sereno"
        className="relative hidden flex-col justify-between overflow-hidden bg-primary p-10 text-primary-fg lg:flex"
      >
        <Logo className="text-primary-fg [&_rect]:fill-primary-fg [&_path]:stroke-primary" />
        <div className="max-w-md space-y-6">
          <h2 className="text-3xl font-semibold leading-tight">Que bom te ver por aqui.</h2>
          <p className="text-primary-fg/85">
            Um espaço tranquilo para cuidar de você no meio da rotina de trabalho. Alguns minutos por dia já fazem
            diferença.
          </p>
          <ul className="space-y-3">
            {highlights.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3">
                <Icon aria-hidden className="mt-0.5 size-5 shrink-0" strokeWidth={1.75} />
                <span>{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="flex items-center gap-2 text-sm text-primary-fg/80">
          <Lock aria-hidden className="size-4" /> Conexão protegida. Nunca compartilhamos seus check-ins.
        </p>
      </aside>

      <main className="flex items-center justify-center p-6 sm:p-10">
        <div className="w-full max-w-sm space-y-6">
          <Link to="/" className="inline-flex min-h-11 items-center gap-2 text-sm text-muted hover:text-fg">
            <ArrowLeft aria-hidden className="size-4" /> Voltar ao início
          </Link>
          <div className="space-y-2">
            <div className="lg:hidden">
              <Logo />
            </div>
            <h1 className="text-2xl font-semibold">Entrar</h1>
            <p className="text-sm text-muted">Use o e-mail e a senha da sua conta Sereno.</p>
          </div>

          {notice ? <Alert tone="error">{notice}</Alert> : null}
          {params.get("conta") === "excluida" ? <Alert tone="success">{privacyMessages.accountDeleted}</Alert> : null}
          {params.get("conta") === "ativada" ? <Alert tone="success">{inviteMessages.accountActivated}</Alert> : null}
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          {linkEmail ? <SignInLinkOffer key={linkEmail} email={linkEmail} /> : null}

          {/* method="post": a click before the page is interactive never puts the password in the URL. */}
          <form method="post" onSubmit={onSubmit} noValidate className="space-y-4">
            <Field label="E-mail" error={errors.email?.message}>
              <Input
                type="email"
                autoComplete="email"
                inputMode="email"
                placeholder="voce@empresa.com.br"
                {...form.register("email")}
              />
            </Field>
            <Field label="Senha" error={errors.password?.message}>
              <Input type="password" autoComplete="current-password" {...form.register("password")} />
            </Field>
            <div className="flex justify-end">
              <Button
                variant="link"
                onClick={() => setRecoveryOpen((open) => !open)}
                aria-expanded={recoveryOpen}
                disabled={!hydrated}
              >
                Esqueceu sua senha?
              </Button>
            </div>
            <Button type="submit" size="lg" className="w-full" disabled={isSubmitting || !hydrated}>
              {isSubmitting ? "Entrando..." : "Entrar"}
            </Button>
          </form>

          {recoveryOpen ? <RecoveryPanel onClose={() => setRecoveryOpen(false)} /> : null}

          <div className="flex items-center gap-3 text-xs text-muted">
            <span className="h-px flex-1 bg-border" /> ou <span className="h-px flex-1 bg-border" />
          </div>
          <div className="space-y-1">
            <PasskeySignInButton disabled={!hydrated} onSignedIn={() => navigate(next, { replace: true })} />
            {/* A lost phone: the recovery code makes a new passkey (docs/decisions/055). */}
            <p className="flex justify-end">
              <Link
                to="/recuperar"
                className="inline-flex min-h-11 items-center text-sm text-primary underline-offset-4 hover:underline"
              >
                Perdeu sua chave de acesso?
              </Link>
            </p>
          </div>
          <SsoSignInButton disabled={!hydrated} email={form.watch("email")} />
          <GoogleButton disabled={!hydrated} />
          <p className="text-center text-xs text-muted">
            Ainda não tem conta? O acesso ao Sereno é feito por convite da sua empresa.
          </p>
          <p className="text-center text-sm">
            <Link to="/ativar" className="text-primary underline-offset-4 hover:underline">
              Primeiro acesso sem e-mail corporativo?
            </Link>
          </p>
          {/* The anonymous reporter follows a case signed out, with protocol and secret (issue 45, item 12). */}
          <p className="text-center text-sm">
            <Link to="/escuta/acompanhar" className="text-primary underline-offset-4 hover:underline">
              Acompanhar um relato do Canal de escuta
            </Link>
          </p>
        </div>
      </main>
    </div>
  );
}
