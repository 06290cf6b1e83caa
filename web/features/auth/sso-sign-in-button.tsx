import { zodResolver } from "@hookform/resolvers/zod";
import { Building2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { messages } from "#core/messages.ts";
import { ssoStartInputSchema } from "#core/schemas/sso.ts";
import { ssoMessages } from "#core/sso-messages.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { describedBy, Field, Input } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api.ts";
import { startSsoSignIn } from "./auth.queries.ts";

type StartInput = z.input<typeof ssoStartInputSchema>;

/** 'Entrar com SSO', then the work e-mail: the company's identity provider signs the person in (docs/decisions/047). */
export function SsoSignInButton({ disabled = false, email = "" }: { disabled?: boolean; email?: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const form = useForm<StartInput, unknown, z.output<typeof ssoStartInputSchema>>({
    resolver: zodResolver(ssoStartInputSchema),
    defaultValues: { email },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // On success the browser is on its way to the provider: the button stays busy until it leaves.
      if (await startSsoSignIn(values.email)) return new Promise<void>(() => {});
      form.setError("root", { message: ssoMessages.noConnection });
    } catch (error) {
      form.setError("root", {
        message: error instanceof ApiError && error.isNetwork ? messages.networkError : ssoMessages.failed,
      });
    }
  });

  if (!isOpen) {
    return (
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        disabled={disabled}
        onClick={() => {
          form.setValue("email", email);
          setIsOpen(true);
        }}
      >
        <Building2 aria-hidden className="size-5" strokeWidth={1.75} />
        Entrar com SSO
      </Button>
    );
  }
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-3 rounded-md border border-border p-4"
      aria-label="Entrar com SSO"
    >
      <Field
        id="sso-email"
        label="E-mail da empresa"
        error={errors.email?.message}
        hint="Você vai para a página de login da sua empresa e volta já dentro do Sereno."
      >
        <Input
          {...describedBy("sso-email", errors.email?.message)}
          id="sso-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoFocus
          {...form.register("email")}
        />
      </Field>
      {errors.root ? <Alert tone="error">{errors.root.message}</Alert> : null}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Indo para a sua empresa..." : "Continuar com SSO"}
      </Button>
    </form>
  );
}
