/** The people the browser tests sign in as; created by server.ts on a fresh database. */
import type { Role } from "#core/roles.ts";

/**
 * Everyone consented to the current wellbeing-data text, except: `consent: false`
 * (never consented) or `consentVersion` (consented to an older text).
 */
export type FixturePerson = {
  email: string;
  password: string;
  name: string;
  role: Role;
  consent?: boolean;
  consentVersion?: string;
  /**
   * false: SIDE_COMPANY instead of the fixture company, so its counts and reports stay as other journeys expect
   * (a member without any company cannot sign in: docs/decisions/009).
   */
  company?: false;
};

const password = "sereno-e2e-senha-forte";

export const people = {
  admin: { email: "admin@sereno.test", password, name: "Ana Administradora", role: "admin" },
  manager: { email: "gestor@sereno.test", password, name: "Gustavo Gestor", role: "manager" },
  member: { email: "membro@sereno.test", password, name: "Marina Membro", role: "user" },
  /** Used only by the recovery journey (its password changes). */
  recovery: { email: "recupera@sereno.test", password, name: "Rita Recupera", role: "user" },
  /** Used only by the settings password-change journey. */
  changer: { email: "troca@sereno.test", password, name: "Tiago Troca", role: "user" },
  /** The check-in journey (one check-in a day: nobody else checks in as them). */
  checker: { email: "checkin@sereno.test", password, name: "Carla Check-in", role: "user" },
  /** The exercise journey. */
  exerciser: { email: "exercicios@sereno.test", password, name: "Eduardo Exercício", role: "user" },
  /** The content journey (starts with 0 points). */
  reader: { email: "leitura@sereno.test", password, name: "Lia Leitura", role: "user" },
  /** Removed from the team by the team journey. */
  leaver: { email: "saida@sereno.test", password, name: "Sara Saída", role: "user" },
  /** For the Settings preference journeys (name, theme, notifications). */
  themer: { email: "tema@sereno.test", password, name: "Teresa Tema", role: "user" },
  /** The shell's theme toggle only: a person of its own, so Settings' theme changes running alongside cannot flip it. */
  nightOwl: { email: "coruja@sereno.test", password, name: "Clara Coruja", role: "user" },
  /** The privacy journeys: revokes and gives consent again, checks in, edits and deletes notes, downloads. */
  revoker: { email: "revoga@sereno.test", password, name: "Renata Revoga", role: "user" },
  /** Opens a past check-in in the calendar (seeded by server.ts), edits its note and deletes it. */
  noter: { email: "anotacoes@sereno.test", password, name: "Nina Notas", role: "user" },
  /** Consented to an older text: the shell asks again. */
  outdated: { email: "termo-antigo@sereno.test", password, name: "Olívia Antiga", role: "user", consentVersion: "0" },
  /** The reminders journey: sets the reminder time, gets the e-mail, unsubscribes from its link. */
  reminded: { email: "lembrete@sereno.test", password, name: "Lúcia Lembrete", role: "user" },
  /** Rereads a past check-in from the calendar (seeded by server.ts: yesterday, Bom, a note without spaces). */
  rereader: { email: "releitura@sereno.test", password, name: "Rui Releitura", role: "user" },
  /** Deletes their own account. */
  deleter: { email: "exclui@sereno.test", password, name: "Diana Exclui", role: "user" },
  /** Has VETERAN_XP from server.ts, so the pt-BR thousands separator shows. Only read, never changed. */
  veteran: { email: "veterana@sereno.test", password, name: "Vera Veterana", role: "user" },
  /** The rewards journey: has REDEEMER_POINTS from server.ts and redeems FIXTURE_REWARD. */
  redeemer: { email: "resgate@sereno.test", password, name: "Rosa Resgate", role: "user" },
  /** The daily-loop journey: checked in the STREAK_DAYS days before the run (server.ts), so today pays a streak bonus. */
  streaker: { email: "sequencia@sereno.test", password, name: "Sérgio Sequência", role: "user", company: false },
  /** The streak freeze (docs/decisions/023): FROZEN_DAYS in a row ending the day before yesterday; yesterday is covered. */
  frozen: { email: "protecao@sereno.test", password, name: "Fábio Proteção", role: "user", company: false },
  /** The daily-loop journey: LOW_MOODS on the days before the run, so the private support card shows. */
  lowMood: { email: "apoio@sereno.test", password, name: "Paula Apoio", role: "user", company: false },
  /** The group sessions journey: registers, cancels and comes back. */
  attendee: { email: "participa@sereno.test", password, name: "Paula Participa", role: "user" },
  /** The group sessions journey: waits on the list, is promoted, downloads the .ics. */
  waiter: { email: "espera@sereno.test", password, name: "Wagner Espera", role: "user" },
  /** The installable-app journey: checks in with the network cut (tests/e2e/pwa.spec.ts). */
  offliner: { email: "offline@sereno.test", password, name: "Otávio Offline", role: "user" },
  /** Turns 'Notificações push' on and off (tests/e2e/pwa.spec.ts). */
  pusher: { email: "push@sereno.test", password, name: "Paula Push", role: "user" },
  /** The sign-in link journey (tests/e2e/sign-in-link.spec.ts): strangers' guesses block their password, the e-mailed link lets them in. */
  linker: { email: "link@sereno.test", password, name: "Luísa Link", role: "user" },
  /** The care journey's member (tests/e2e/care.spec.ts): books, reschedules, cancels, writes. */
  carer: { email: "cuidado@sereno.test", password, name: "Caio Cuidado", role: "user" },
  /** The care journey's first booking (tests/e2e/care.spec.ts): chooses where notices go. In the side company, so
   * the E2E company's member count stays what other journeys expect. */
  firstBooker: { email: "primeira@sereno.test", password, name: "Bia Primeira", role: "user", company: false },
  /** The care questionnaires journey (tests/e2e/care-measures.spec.ts): books, answers PHQ-9 at intake, sees the crisis card. */
  measurer: { email: "autoavaliacao@sereno.test", password, name: "Marta Medida", role: "user", company: false },
  /** The WHO-5 journey (tests/e2e/who5.spec.ts): gives the WHO-5 consent on the Painel and answers it. */
  who5First: { email: "bem-estar@sereno.test", password, name: "Beatriz Bem-Estar", role: "user", company: false },
  /** The WHO-5 journey: gives and revokes the WHO-5 consent in Configurações. */
  who5Settings: {
    email: "consentimento-who5@sereno.test",
    password,
    name: "Celia Consente",
    role: "user",
    company: false,
  },
  /** The WHO-5 journey: consented and answered WHO5_EARLIER_ANSWER 100 days ago (server.ts); answers low now. */
  who5Again: { email: "indice@sereno.test", password, name: "Ivo Índice", role: "user", company: false },
  /** Signs in on two browsers and ends one from Configurações › Sessões ativas (tests/e2e/active-sessions.spec.ts). */
  traveller: { email: "sessoes@sereno.test", password, name: "Sílvia Sessões", role: "user" },
  /**
   * Loses the phone with the passkey and recovers with the recovery code (tests/e2e/recovery-code.spec.ts): a
   * recovery ends every session of the person, so nobody else signs in as her. In the side company, so the E2E
   * company's member count stays what other journeys expect.
   */
  recoverer: { email: "codigo@sereno.test", password, name: "Raquel Recomeço", role: "user", company: false },
} satisfies Record<string, FixturePerson>;

/** How many days before the run server.ts gives `streaker` a check-in: today is day 4, +30 de sequência. */
export const STREAK_DAYS = 3;
/** `frozen`'s run: 7 days in a row earn a freeze, which covers yesterday; today is the 8th day, +70. */
export const FROZEN_DAYS = 7;
/** `lowMood`'s check-ins on the days before the run, oldest first: 3 of the last 5 at 2 or less. */
export const LOW_MOODS = [2, 4, 1, 2];

/**
 * A psychologist seeded verified, with one session of the care journey's
 * member that began 20 minutes before the server started, so the agenda can
 * mark it held in real time (a new booking needs an hour's notice).
 */
export const seededPsychologist: FixturePerson = {
  email: "psi-semente@sereno.test",
  password,
  name: "Sofia Semente",
  role: "psychologist",
};

/**
 * A second seeded psychologist, with no photo, away for the next three days:
 * her next free slot is within 7 days but never today or tomorrow, so the
 * directory's 'Próximo horário disponível' filter has someone to leave out.
 */
export const AWAY_PSYCHOLOGIST_NAME = "Renata Recesso";

export const FIXTURE_COMPANY = { name: "Empresa E2E", plan: "essencial" as const };

/** Someone of Empresa E2E's HR file with no e-mail at all: they activate at /ativar/{code} (tests/e2e/activation.spec.ts). */
export const ACTIVATION = { code: "empresae2e", cpf: "52998224725", matricula: "CX-204", name: "Rosa Aparecida Lima" };

/** Another of them, who gives a personal e-mail and a password at /ativar and confirms it (docs/decisions/066). */
export const ACTIVATION_WITH_EMAIL = {
  cpf: "11144477735",
  matricula: "CX-205",
  name: "Tiago Pereira Souza",
  personalEmail: "tiago.pessoal@correio.example",
  password: "um-jardim-de-inverno",
};

/**
 * Signs in only with a passkey and has no recovery code, as everyone who activated at /ativar before codes existed
 * (docs/decisions/055): the dashboard asks them to make one (tests/e2e/recovery-nudge.spec.ts). server.ts seeds the
 * account /ativar makes (the internal address of `userId`, no password) in the side company, with one passkey whose
 * public key comes from `privateKey`; the journey hands the same key to Chromium's virtual authenticator. The key
 * pair was made once for these tests (PKCS#8 DER, base64url) and opens nothing but this account.
 */
export const PASSKEY_ONLY = {
  userId: "f474b977-1a22-4050-94b0-53ba75761f91",
  name: "Cecília Chave",
  /** Her HR record's: the Registro de acessos names her 'Sem e-mail · matrícula CC-310' (issue 45, item 8). */
  matricula: "CC-310",
  credentialId: "LdOLohUXwM-wVF64zMYq4g",
  privateKey:
    "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgVYxzD_xsEHskojLkGNt2MtI-wbGW_1MvUb0AbK7J3DKhRANCAARa0TonLJRd1psUWM-KGoupzAhQjAd89_7tdgnqMOSiajg3h5rX2rLcemNTLvm0S9ITv0QoeLxsn3Nt0lgrsbU1",
};

/** Where the `company: false` people work. */
export const SIDE_COMPANY = { name: "Empresa à Parte", plan: "essencial" as const };
/** The WhatsApp journey's company (tests/e2e/whatsapp.spec.ts): the admin connects its number there. */
export const WHATSAPP_COMPANY = { name: "Frigorífico Boa Vista", plan: "essencial" as const };
/** Its member, on the line without a computer: opts in to WhatsApp reminders and leaves with 'PARAR'. */
export const whatsappMember: FixturePerson = {
  email: "linha@sereno.test",
  password,
  name: "Wesley Whats",
  role: "user",
};
/** Where the local stand-in for Meta's Cloud API listens in the browser tests (tests/whatsapp/fake-cloud-api.ts). */
export const whatsappApiPort = (e2ePort: number) => e2ePort + 5;

/** The Teams journey's company (tests/e2e/msteams.spec.ts): the admin connects its bot there. */
export const TEAMS_COMPANY = { name: "Transportes Rio Claro", plan: "essencial" as const };
/** Its member, who binds their Teams chat, opts in and answers the card. */
export const teamsMember: FixturePerson = {
  email: "teams@sereno.test",
  password,
  name: "Tânia Teams",
  role: "user",
};
/** Her Microsoft Entra object id, as the company's Entra sign-in last named it: her Teams chat sends the same. */
export const TEAMS_MEMBER_OBJECT_ID = "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b";
/** Where the local stand-in for the Bot Framework listens in the browser tests (tests/msteams/fake-bot-framework.ts). */
export const botFrameworkPort = (e2ePort: number) => e2ePort + 6;

/** A company at its plan limit (Essencial, 50): its manager plus 49 seats. */
export const FULL_COMPANY = { name: "Empresa Cheia", plan: "essencial" as const };
export const fullCompanyManager: FixturePerson = {
  email: "gestor.cheio@sereno.test",
  password,
  name: "Celso Cheio",
  role: "manager",
};

/** The XP server.ts gives `veteran`: four digits, written '1.385 XP' in pt-BR. */
export const VETERAN_XP = 1385;

/** The note of the past check-in server.ts gives `noter`, the day before the run (São Paulo). */
/** 1,800 characters without a space: it must wrap inside the page, not widen it. */
export const REREADER_LONG_NOTE = `Semana${"boa".repeat(598)}`;

/** Seeded by server.ts on one starter exercise and one free article, so member cards show a picture. */
export const THUMBNAIL_EXERCISE = "respiracao-quadrada";
export const THUMBNAIL_URL = "/images/exercise-default.svg";

export const NOTER_PAST_NOTE = "Ontem foi um dia puxado, mas terminei bem.";

/** The rewards journey (docs/decisions/028): the redeemer's points and a reward of the fixture company. */
export const REDEEMER_POINTS = 600;
export const FIXTURE_REWARD = {
  title: "Vale-café da equipe",
  description: "Um café por conta da empresa na cafeteria do prédio.",
  pointsCost: 250,
  stock: 3,
};
/** The NR-1 journey's own company (tests/e2e/risks.spec.ts): a manager and 7 members, 5 for a sector that passes k and 2 for one that stays hidden. */
export const RISK_COMPANY = { name: "Transportes Serra Azul", plan: "essencial" as const };
export const riskManager: FixturePerson = {
  email: "gestora.riscos@sereno.test",
  password,
  name: "Regina Riscos",
  role: "manager",
};
export const riskMembers: FixturePerson[] = Array.from({ length: 7 }, (_, i) => ({
  email: `motorista${i + 1}@sereno.test`,
  password,
  name: `${["Paulo", "Quitéria", "Renan", "Sílvia", "Túlio", "Úrsula", "Vicente"][i]} Serra`,
  role: "user" as const,
}));
/**
 * A company big enough to see its mood by day (docs/decisions/040: at least DAILY_GRAIN_MIN_MEMBERS on the
 * month's first day): BIG_COMPANY_MEMBERS members who joined with the other fixture companies, each checking in
 * on nine of ten of the BIG_COMPANY_DAYS days before the run (server.ts). About 54 answers a day: enough for a
 * day's own point to show (its margin under one point: about 49 answers since docs/decisions/061), so its charts
 * and periods show figures with margins.
 */
export const BIG_COMPANY = { name: "Empresa Grande", plan: "essencial" as const };
export const BIG_COMPANY_MEMBERS = 60;
export const BIG_COMPANY_DAYS = 40;
export const bigManager: FixturePerson = {
  email: "gestora.grande@sereno.test",
  password,
  name: "Gerusa Grande",
  role: "manager",
};

/**
 * The Canal de escuta journey's own company (tests/e2e/escuta.spec.ts): a manager who is not a handler, two
 * handlers server.ts appoints (one the reporter keeps out of the case) and the member who writes.
 */
export const LISTENING_COMPANY = { name: "Escuta Ltda", plan: "essencial" as const };
/** A case of the Canal de escuta's company received yesterday that no handler has opened: the inbox entry counts it. */
export const LISTENING_UNOPENED_CASE = { protocol: "ESC-2345-6789", body: "Faltam pausas no turno da noite." };

export const listeningPeople = {
  manager: { email: "gestora.escuta@sereno.test", password, name: "Gilda Gestora", role: "manager" },
  handler: { email: "rh.escuta@sereno.test", password, name: "Helena Acolhe", role: "user" },
  excluded: { email: "cipa.escuta@sereno.test", password, name: "Hugo Afastado", role: "user" },
  reporter: { email: "relata.escuta@sereno.test", password, name: "Rita Relata", role: "user" },
} satisfies Record<string, FixturePerson>;
/**
 * The signed PGR journey's company (tests/e2e/signed-pgr.spec.ts): its SST professional (a manager) signs the
 * published inventory version server.ts seeds, and a member reads the signed annex at /pgr.
 */
export const PGR_COMPANY = { name: "Construtora Horizonte", plan: "essencial" as const };
export const pgrManager: FixturePerson = {
  email: "sst@sereno.test",
  password,
  name: "Sônia Segurança",
  role: "manager",
};
export const pgrMember: FixturePerson = {
  email: "obra@sereno.test",
  password,
  name: "Otávio Obra",
  role: "user",
};

/** who5Again's earlier WHO-5 answer, 100 days before the run (server.ts): index 68. */
export const WHO5_EARLIER_ANSWER = [4, 3, 3, 3, 4] as const;

/**
 * The compliance journeys' company (tests/e2e/compliance.spec.ts, server.ts via compliance-seed.ts): the Lei
 * 14.457 file and an action of the plan measured before and after.
 */
export const COMPLIANCE_COMPANY = { name: "Metalúrgica Aurora", plan: "essencial" as const };
export const complianceManager: FixturePerson = {
  email: "sst.aurora@sereno.test",
  password,
  name: "Simone Segura",
  role: "manager",
};
/** Matrículas of the company's HR file; the journey's attendance file names two of them and one that is not there. */
export const COMPLIANCE_MATRICULAS = ["MA-101", "MA-102", "MA-103"] as const;

/**
 * Resultados' NR-1 layer with both sides (tests/e2e/resultados.spec.ts, server.ts via resultados-nr1-seed.ts,
 * docs/decisions/093): a company with two closed NR-1 campaigns of one instrument whose figures were released.
 */
export const NR1_RESULTS_COMPANY = { name: "Transportadora Rota Certa", plan: "essencial" as const };
export const nr1ResultsManager: FixturePerson = {
  email: "gestora.rota@sereno.test",
  password,
  name: "Regina Rota",
  role: "manager",
};
