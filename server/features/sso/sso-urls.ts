/** The addresses of Sereno's side of a company's sign-in: shown to copy in Administração and used by the flows. */
export function ssoUrls(appUrl: string, companyId: string) {
  const saml = `${appUrl}/api/sso/saml/${companyId}`;
  return {
    oidcRedirectUri: `${appUrl}/api/sso/oidc/callback`,
    samlEntityId: `${saml}/metadata`,
    samlMetadataUrl: `${saml}/metadata`,
    samlAcsUrl: `${saml}/acs`,
  };
}

/** The value of the TXT record that proves a company holds a domain. */
export function domainTxtValue(token: string): string {
  return `sereno-verificacao=${token}`;
}
