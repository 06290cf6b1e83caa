/** GET/PUT/DELETE /api/admin/companies/:id/whatsapp and its working days (docs/decisions/092). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { WhatsappConnectionInput, WhatsappSettings } from "#core/schemas/whatsapp.ts";
import { api } from "#web/lib/api.ts";

const whatsappKey = (companyId: string) => ["admin", "whatsapp", companyId] as const;
const whatsappPath = (companyId: string) => `/api/admin/companies/${encodeURIComponent(companyId)}/whatsapp`;

export function useWhatsappSettings(companyId: string) {
  return useQuery({
    queryKey: whatsappKey(companyId),
    queryFn: () => api<WhatsappSettings>(whatsappPath(companyId)),
  });
}

function useWhatsappChange<T>(
  companyId: string,
  request: (input: T) => Promise<WhatsappSettings | { message: string }>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer) => {
      if ("webhookUrl" in answer) queryClient.setQueryData(whatsappKey(companyId), answer);
      else void queryClient.invalidateQueries({ queryKey: whatsappKey(companyId) });
    },
  });
}

export const useSaveWhatsapp = (companyId: string) =>
  useWhatsappChange(companyId, (input: WhatsappConnectionInput) =>
    api<WhatsappSettings>(whatsappPath(companyId), { method: "PUT", body: input }),
  );

export const useRemoveWhatsapp = (companyId: string) =>
  useWhatsappChange(companyId, () => api<{ message: string }>(whatsappPath(companyId), { method: "DELETE" }));

export const useSaveWorkingDays = (companyId: string) =>
  useWhatsappChange(companyId, (workingDays: number[]) =>
    api<WhatsappSettings>(`/api/admin/companies/${encodeURIComponent(companyId)}/working-days`, {
      method: "PUT",
      body: { workingDays },
    }),
  );
