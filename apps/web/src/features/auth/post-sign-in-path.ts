import { homePathFor, type SignInResult } from '@mutual/shared';

/** The areas each kind of person may be sent back to after signing in. */
function areasFor(result: SignInResult): string[] {
  const home = homePathFor(result.user);
  // Staff have everything a member has (spec §6), so a deep link into the dashboard is fine.
  return home === '/admin' ? ['/admin', '/dashboard'] : [home];
}

function isInside(path: string, area: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? '';
  return pathname === area || pathname.startsWith(`${area}/`);
}

/** Only same-site paths: "//evil.example" and "/\evil.example" would leave the site. */
function isLocalPath(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

/**
 * Where to go after a successful code: back to the page the guard sent the person away from (when
 * it belongs to their role), otherwise where the server says. Staff who must enrol an
 * authenticator always go where the server says.
 */
export function postSignInPath(result: SignInResult, from: unknown): string {
  if (!result.user.mustEnrolTotp && isLocalPath(from) && areasFor(result).some((area) => isInside(from, area)))
    return from;
  return isLocalPath(result.redirectTo) ? result.redirectTo : homePathFor(result.user);
}
