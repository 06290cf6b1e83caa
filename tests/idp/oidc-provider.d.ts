// oidc-provider ships no types; the test identity provider uses this much of it.
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  type Account = { accountId: string; claims: (use: string) => Promise<Record<string, unknown>> };
  type Grant = {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  };
  type Context = {
    oidc: { client: { clientId: string }; session: { accountId: string }; provider: Provider };
    path: string;
    body: unknown;
  };

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    Grant: new (properties: {
      clientId: string;
      accountId: string;
    }) => Grant;
    /** Koa's: a middleware around every request of the provider. */
    use(middleware: (ctx: Context, next: () => Promise<void>) => Promise<void>): void;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    static Account: Account;
  }
  export type { Account, Context, Grant };
}
