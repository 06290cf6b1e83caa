/** /ativar/{code} (docs/decisions/045): the company, the CPF-and-matrícula check, and finishing. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  ActivationCheckInput,
  ActivationCompleteInput,
  activatedSchema,
  activationCompanySchema,
  activationTicketSchema,
} from "#core/schemas/passkeys.ts";
import { api } from "#web/lib/api.ts";
import { meQueryKey } from "#web/lib/query-keys.ts";

const activationKeys = { code: (code: string) => ["activation", code] as const };

export type ActivationTicket = z.infer<typeof activationTicketSchema>;
/** Activated; with a passkey, the person's first recovery code (docs/decisions/055). */
export type Activated = z.infer<typeof activatedSchema>;

const base = (code: string) => `/api/activation/${encodeURIComponent(code)}`;

export function useActivationCompany(code: string, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: activationKeys.code(code),
    queryFn: () => api<z.infer<typeof activationCompanySchema>>(base(code)),
    retry: false,
  });
}

export function useActivationCheck(code: string) {
  return useMutation({
    mutationFn: (input: ActivationCheckInput) => api<ActivationTicket>(`${base(code)}/check`, { body: input }),
  });
}

export function useActivationComplete(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ActivationCompleteInput) => api<Activated>(`${base(code)}/complete`, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
