import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminPsychologist,
  AgendaAppointment,
  Availability,
  AvailabilityInput,
  CareMessage,
  CareSettingsInput,
  CareUsage,
  CompanyCareRule,
  Credits,
  MyAppointment,
  PsychologistCard,
  PsychologistInput,
  PsychologistProfileInput,
  ThreadSummary,
} from "#core/schemas/care.ts";
import { api } from "#web/lib/api.ts";

export type DirectoryFilters = {
  approach?: string;
  specialty?: string;
  modality?: string;
  city?: string;
  /** 'Próximo horário disponível': hoje-ou-amanha or 7-dias (core/care.ts). */
  available?: string;
};
export type PsychologistPage = PsychologistCard & { slots: { startsAt: string; endsAt: string }[] };

/** Every key starts with `all`: any booking, cancellation or change refreshes them all. */
const careKeys = {
  all: ["care"] as const,
  directory: (filters: DirectoryFilters) => ["care", "directory", filters] as const,
  psychologist: (id: string) => ["care", "psychologist", id] as const,
  credits: ["care", "credits"] as const,
  mine: ["care", "mine"] as const,
  agenda: ["care", "agenda"] as const,
  availability: ["care", "availability"] as const,
  threads: ["care", "threads"] as const,
  thread: (otherId: string | null) => ["care", "thread", otherId] as const,
  usage: (companyId: string | null) => ["care", "usage", companyId] as const,
  adminPsychologists: ["care", "admin", "psychologists"] as const,
  adminSummary: ["care", "admin", "summary"] as const,
  adminCompany: (companyId: string | null) => ["care", "admin", "company", companyId] as const,
  contact: ["care", "contact"] as const,
};

function queryString(values: Record<string, string | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function useDirectory(filters: DirectoryFilters) {
  return useQuery({
    queryKey: careKeys.directory(filters),
    queryFn: () => api<PsychologistCard[]>(`/api/care/psychologists${queryString(filters)}`),
  });
}

export function usePsychologist(id: string) {
  return useQuery({
    queryKey: careKeys.psychologist(id),
    queryFn: () => api<PsychologistPage>(`/api/care/psychologists/${encodeURIComponent(id)}`),
  });
}

export function useCredits() {
  return useQuery({ queryKey: careKeys.credits, queryFn: () => api<Credits>("/api/care/credits") });
}

export function useMyAppointments() {
  return useQuery({
    queryKey: careKeys.mine,
    queryFn: () => api<{ upcoming: MyAppointment[]; past: MyAppointment[] }>("/api/care/appointments"),
    refetchInterval: 60_000,
  });
}

function useCareMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: careKeys.all }) });
}

export function useBook() {
  return useCareMutation((input: { psychologistId: string; startsAt: string; careEmail?: string | null }) =>
    api<MyAppointment>("/api/care/appointments", { body: { ...input, acceptTerms: true } }),
  );
}

export function useReschedule() {
  return useCareMutation((input: { appointmentId: string; startsAt: string }) =>
    api<MyAppointment>(`/api/care/appointments/${input.appointmentId}/reschedule`, {
      body: { startsAt: input.startsAt, acceptTerms: true },
    }),
  );
}

export function useCancel() {
  return useCareMutation((appointmentId: string) =>
    api<MyAppointment>(`/api/care/appointments/${appointmentId}/cancel`, { method: "POST" }),
  );
}

export function useResume() {
  return useCareMutation(() => api<{ paused: boolean }>("/api/care/resume", { body: { acceptTerms: true } }));
}

export function useAgenda() {
  return useQuery({
    queryKey: careKeys.agenda,
    queryFn: () => api<{ upcoming: AgendaAppointment[]; past: AgendaAppointment[] }>("/api/care/agenda"),
    refetchInterval: 60_000,
  });
}

export function useMark() {
  return useCareMutation((input: { id: string; outcome: "held" | "no_show" }) =>
    api<AgendaAppointment>(`/api/care/agenda/${input.id}/mark`, { body: { outcome: input.outcome } }),
  );
}

export function useAvailability() {
  return useQuery({ queryKey: careKeys.availability, queryFn: () => api<Availability>("/api/care/availability") });
}

export function useSaveAvailability() {
  return useCareMutation((input: AvailabilityInput) =>
    api<Availability>("/api/care/availability", { method: "PUT", body: input }),
  );
}

export function useAddTimeOff() {
  return useCareMutation((input: { startsAt: string; endsAt: string }) =>
    api<Availability>("/api/care/time-off", { body: input }),
  );
}

export function useRemoveTimeOff() {
  return useCareMutation((id: string) => api<Availability>(`/api/care/time-off/${id}`, { method: "DELETE" }));
}

export function useThreads() {
  return useQuery({
    queryKey: careKeys.threads,
    queryFn: () => api<ThreadSummary[]>("/api/care/threads"),
    refetchInterval: 30_000,
  });
}

export function useThread(otherId: string | null) {
  return useQuery({
    queryKey: careKeys.thread(otherId),
    queryFn: () => api<CareMessage[]>(`/api/care/threads/${encodeURIComponent(otherId ?? "")}`),
    enabled: Boolean(otherId),
    refetchInterval: 15_000,
  });
}

export function useSendMessage(otherId: string) {
  return useCareMutation((body: string) =>
    api<CareMessage>(`/api/care/threads/${encodeURIComponent(otherId)}`, { body: { body } }),
  );
}

export function useCareUsage(companyId: string | null, enabled = true) {
  return useQuery({
    queryKey: careKeys.usage(companyId),
    queryFn: () => api<CareUsage>(`/api/care/usage${queryString({ companyId })}`),
    enabled,
  });
}

export function useAdminPsychologists() {
  return useQuery({
    queryKey: careKeys.adminPsychologists,
    queryFn: () => api<AdminPsychologist[]>("/api/admin/psychologists"),
  });
}

export type CareSummary = {
  psychologists: { pending: number; verified: number; suspended: number };
};

export function useCareSummary() {
  return useQuery({
    queryKey: careKeys.adminSummary,
    queryFn: () => api<CareSummary>("/api/admin/care/summary"),
  });
}

export function useInvitePsychologist() {
  return useCareMutation((input: PsychologistInput) =>
    api<AdminPsychologist>("/api/admin/psychologists", { body: input }),
  );
}

export function useUpdatePsychologist() {
  return useCareMutation((input: { id: string; profile: PsychologistProfileInput }) =>
    api<AdminPsychologist>(`/api/admin/psychologists/${input.id}`, { method: "PUT", body: input.profile }),
  );
}

/** Sends (a file) or removes (null) a psychologist's photo. */
export function useSetPsychologistPhoto() {
  return useCareMutation((input: { id: string; file: File | null }) => {
    const path = `/api/admin/psychologists/${input.id}/photo`;
    if (!input.file) return api<AdminPsychologist>(path, { method: "DELETE" });
    const form = new FormData();
    form.append("photo", input.file);
    return api<AdminPsychologist>(path, { method: "PUT", body: form });
  });
}

export function useSetPsychologistStatus() {
  return useCareMutation((input: { id: string; action: "verify" | "suspend" }) =>
    api<AdminPsychologist>(`/api/admin/psychologists/${input.id}/${input.action}`, { method: "POST" }),
  );
}

export function useCompanyCare(companyId: string | null) {
  return useQuery({
    queryKey: careKeys.adminCompany(companyId),
    queryFn: () => api<CompanyCareRule>(`/api/admin/companies/${companyId}/care`),
    enabled: Boolean(companyId),
  });
}

export function useSaveCompanyCare(companyId: string | null) {
  return useCareMutation((input: CareSettingsInput) =>
    api<CompanyCareRule>(`/api/admin/companies/${companyId}/care`, { method: "PUT", body: input }),
  );
}

export type CareContactState = { careEmail: string | null; accountEmail: string; hasChosen: boolean };

export function useCareContact() {
  return useQuery({ queryKey: careKeys.contact, queryFn: () => api<CareContactState>("/api/care/contact") });
}

export function useSaveCareContact() {
  return useCareMutation((careEmail: string) =>
    api<CareContactState>("/api/care/contact", { method: "PUT", body: { careEmail } }),
  );
}
