/**
 * Secrets in the URLs an owner gives (alert channels, the grid meter): the password and
 * secret-looking query values replaced by MASK wherever a URL is shown or logged.
 */
export const MASK = '****';
const SECRET_KEY = /^(p|pw|pass|password|token|key|secret|auth.*)$/i;

/** The URL with its password and secret-looking query values replaced. */
export function maskUrl(url: URL): string {
  const copy = new URL(url.href);
  if (copy.password) copy.password = MASK;
  for (const key of [...copy.searchParams.keys()]) if (SECRET_KEY.test(key)) copy.searchParams.set(key, MASK);
  return copy.href;
}

/** A text that is not even a URL may still hold `user:pass@`: that part is masked. */
export const maskText = (text: string): string => text.replace(/(\/\/[^/:@]*:)[^@/]*@/, `$1${MASK}@`);

/** The password and the secret-looking query values, for the log's redaction. */
export function secretsOf(url: URL): string[] {
  const secrets = [decodeURIComponent(url.password), url.password];
  for (const [key, value] of url.searchParams) if (SECRET_KEY.test(key)) secrets.push(value);
  return secrets.filter((secret) => secret !== '');
}
