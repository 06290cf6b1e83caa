/** 'dpo' shows the encarregado's name and e-mail (LGPD art. 41) from the server's configuration. */
export type LegalBlock = { kind: "p"; text: string } | { kind: "list"; items: string[] } | { kind: "dpo" };

export type LegalSection = { id: string; title: string; blocks: LegalBlock[] };

/** A legal page's text: the terms add a crisis warning above their sections. */
export type LegalText = {
  updatedAt: string;
  intro: string;
  crisisWarning?: { title: string; text: string };
  sections: LegalSection[];
};
