/**
 * The one way an absolute link to this site is made (docs/ARCHITECTURE.md#the-first-start-and-the-log):
 * the site's address — PUBLIC_URL when the operator set it, else the address the server listens on —
 * and a path from the root. E-mails (password reset), the Naver callback, the OpenAPI document, the
 * console links of operator notifications and what `npm start` prints all go through it, so one
 * installation never names itself by two hosts (a Naver popup that comes back on another host than
 * the page that opened it cannot hand the login over: different origins).
 */
export function siteLink(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
