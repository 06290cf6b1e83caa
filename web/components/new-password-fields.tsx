import type { UseFormRegisterReturn } from "react-hook-form";
import { PASSWORD_MIN_LENGTH } from "#core/passwords.ts";
import { describedBy, Field, Input } from "#web/components/ui/field.tsx";

/**
 * A new password typed twice, as every form that sets one shows it (account setup,
 * password reset, settings): the same labels, hint and autocomplete everywhere.
 * The form owns the values; the rule is core's passwordPairSchema or
 * changePasswordInputSchema.
 */
export function NewPasswordFields({
  password,
  confirmation,
  passwordError,
  confirmationError,
  isFirst = false,
}: {
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  passwordError?: string;
  confirmationError?: string;
  /** The account's first password ('Senha'), not a replacement ('Nova senha'). */
  isFirst?: boolean;
}) {
  return (
    <>
      <Field
        id="nova-senha"
        label={isFirst ? "Senha" : "Nova senha"}
        error={passwordError}
        hint={`Pelo menos ${PASSWORD_MIN_LENGTH} caracteres. Uma frase curta que só você conhece funciona bem.`}
      >
        <Input
          {...describedBy("nova-senha", passwordError)}
          aria-describedby={passwordError ? "nova-senha-error" : "nova-senha-hint"}
          type="password"
          autoComplete="new-password"
          {...password}
        />
      </Field>
      <Field
        id="confirmacao-senha"
        label={isFirst ? "Confirme a senha" : "Confirme a nova senha"}
        error={confirmationError}
      >
        <Input
          {...describedBy("confirmacao-senha", confirmationError)}
          type="password"
          autoComplete="new-password"
          {...confirmation}
        />
      </Field>
    </>
  );
}
