/** GET/POST/DELETE /api/me/whatsapp…: the member's own WhatsApp for reminders (docs/decisions/092). */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MyWhatsapp } from "#core/schemas/whatsapp.ts";
import { api } from "#web/lib/api.ts";
import { meQueryKey } from "#web/lib/query-keys.ts";

const whatsappKey = ["me", "whatsapp"] as const;

export function useMyWhatsapp() {
  return useQuery({ queryKey: whatsappKey, queryFn: () => api<MyWhatsapp>("/api/me/whatsapp") });
}

/** Each change reads the number and the viewer's preferences again (the `whatsapp` switch moves with it). */
function useWhatsappChange<T>(request: (input: T) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: whatsappKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
    },
  });
}

export const useSendWhatsappCode = () =>
  useWhatsappChange((phone: string) => api<{ message: string }>("/api/me/whatsapp", { body: { phone } }));

export const useConfirmWhatsapp = () =>
  useWhatsappChange((code: string) => api<{ message: string }>("/api/me/whatsapp/confirm", { body: { code } }));

export const useStopWhatsapp = () =>
  useWhatsappChange(() => api<{ message: string }>("/api/me/whatsapp", { method: "DELETE" }));
