import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2, KeyRound } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { authMessages } from "#core/auth-messages.ts";
import { messages } from "#core/messages.ts";
import { type PasswordPair, passwordPairSchema } from "#core/schemas/auth.ts";
import { Logo } from "#web/components/logo.tsx";
import { NewPasswordFields } from "#web/components/new-password-fields.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { resetPassword } from "#web/features/auth/auth.queries.ts";
import { ApiError } from "#web/lib/api.ts";

export function meta() {
  return [{ title: "Criar nova senha | Sereno" }];
}

/** Target of the recovery e-mail: choose a new password, then sign in with it. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get("token");
  const linkError = params.get("error") || !token;
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<PasswordPair>({
    resolver: zodResolver(passwordPairSchema),
    defaultValues: { password: "", confirmation: "" },
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate("/login", { replace: true }), 3000);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await resetPassword(token as string, password);
      setDone(true);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : messages.internalError);
    }
  });

  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <Card className="w-full max-w-md space-y-6 p-6 sm:p-8">
        <Logo />
        {done ? (
          <div role="status" className="space-y-3 text-center">
            <CheckCircle2 aria-hidden className="mx-auto size-10 text-success" />
            <h1 className="text-xl font-semibold">Senha redefinida</h1>
            <p className="text-muted">{authMessages.resetSuccess} Levando você para o login...</p>
            <Link to="/login" className={buttonClass("primary")}>
              Ir para o login
            </Link>
          </div>
        ) : linkError ? (
          <div className="space-y-4">
            <h1 className="text-xl font-semibold">Link inválido</h1>
            <Alert tone="error">{authMessages.resetTokenInvalid}</Alert>
            <Link to="/login" className={buttonClass("primary")}>
              Voltar ao login
            </Link>
          </div>
        ) : (
          <>
            <div className="space-y-2">
              <h1 className="flex items-center gap-2 text-xl font-semibold">
                <KeyRound aria-hidden className="size-5 text-primary" /> Criar nova senha
              </h1>
              <p className="text-sm text-muted">Escolha a senha que você vai usar para entrar no Sereno.</p>
            </div>
            {error ? <Alert tone="error">{error}</Alert> : null}
            <form onSubmit={onSubmit} noValidate className="space-y-4">
              <NewPasswordFields
                password={form.register("password")}
                confirmation={form.register("confirmation")}
                passwordError={errors.password?.message}
                confirmationError={errors.confirmation?.message}
              />
              <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
                {isSubmitting ? "Salvando..." : "Salvar nova senha"}
              </Button>
            </form>
          </>
        )}
      </Card>
    </main>
  );
}
