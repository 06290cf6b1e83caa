/**
 * The TanStack Query keys more than one feature reads or invalidates (a check-in or
 * an exercise changes the viewer's XP and progress; the admin's catalogue changes
 * the members' lists). A key only one feature uses stays in that feature's queries.
 */

/** GET /api/me: the signed-in person, or null when signed out. */
export const meQueryKey = ["me"] as const;

export const progressKeys = {
  all: ["progress"] as const,
  summary: ["progress", "summary"] as const,
  activities: ["progress", "activities"] as const,
  /** GET /api/points: the one points ledger every screen shows (web/lib/points.ts). */
  points: ["progress", "points"] as const,
};

export const exerciseKeys = {
  all: ["exercises"] as const,
  library: ["exercises", "library"] as const,
  quick: ["exercises", "quick"] as const,
};

/** The Canal de escuta (web/features/listening), and the handler's menu badge the shell reads (web/lib/new-cases.ts). */
export const listeningKeys = {
  all: ["escuta"] as const,
  /** GET /api/escuta/responsaveis: the company's handlers, and whether the viewer is one. */
  handlers: ["escuta", "responsaveis"] as const,
  /** GET /api/escuta/casos/novos: refetched when a handler opens a case. */
  newCount: ["escuta", "novos"] as const,
};

/** The team and its invitations (web/features/teams); the admin's and the roster import's changes refresh them. */
export const teamKeys = {
  all: ["team"] as const,
  team: (companyId: string | null) => ["team", companyId] as const,
  /** One page of the pending invitations: under `all`, so every change reloads it. */
  invites: (companyId: string | null, q: string, page: number) => ["team", companyId, "invites", q, page] as const,
  /** GET /api/companies: the companies a manager or admin may pick. */
  companies: ["companies"] as const,
};

/** The content library (web/features/content); completing an exercise refreshes it. */
export const contentKeys = {
  all: ["content"] as const,
  list: ["content", "list"] as const,
  detail: (id: string | null) => ["content", "detail", id] as const,
};
