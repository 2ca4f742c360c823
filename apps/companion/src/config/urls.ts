import { ConfigError } from './config-error';

/** An http(s) URL; a bare address (`192.168.1.50`) is taken as http://. */
export function httpUrl(where: string, text: string): URL {
  let url: URL;
  try {
    url = new URL(/^[a-z]+:\/\//i.test(text) ? text : `http://${text}`);
  } catch {
    throw new ConfigError(`${where} must be a URL such as http://192.168.1.50, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`${where} must be an http:// or https:// URL, got "${text}"`);
  }
  return url;
}

/** The device's base URL; paths are resolved against it, so it ends with a slash. */
export function deviceUrl(where: string, text: string): URL {
  const url = httpUrl(where, text);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  url.search = '';
  url.hash = '';
  return url;
}
