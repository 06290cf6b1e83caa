/** Spec 9's session length ('sessions of 5-30 minutes'), said the same way on the landing, /recursos and /login. */
export const SESSION_MINUTES = "5 a 30";

/** Spec 9's marketing claims, worded once for every public page that quotes them. */
export const claims = [
  { value: "+1.200", label: "empresas e equipes usam o Sereno" },
  { value: "40%", label: "de redução de burnout relatada pelas equipes" },
  { value: "95%", label: "de satisfação entre quem usa" },
  { value: "+50", label: "exercícios guiados de bem-estar" },
  { value: SESSION_MINUTES, label: "minutos por sessão, no seu ritmo" },
] as const;

export const TRIAL_DAYS = 14;
