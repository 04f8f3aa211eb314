/**
 * "Remember me" keeps only the e-mail address, on this device, so the next visit starts with it
 * filled in. The password is never stored. Storage can be unavailable (private windows, policies):
 * then the box simply has no effect.
 */
const KEY = 'mutual.signIn.rememberedEmail';

export function readRememberedEmail(): string {
  try {
    return window.localStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function saveRememberedEmail(email: string | null): void {
  try {
    if (email) window.localStorage.setItem(KEY, email);
    else window.localStorage.removeItem(KEY);
  } catch {
    // Nothing to do: the device will not remember.
  }
}
