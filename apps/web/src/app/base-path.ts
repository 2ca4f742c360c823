/** The path the app is served under ('' at the site root, '/dtu' behind a proxy), taken
 *  from the <base> element index.html sets before the bundle loads. */
export function basePath(): string {
  return new URL(document.baseURI).pathname.replace(/\/$/, '');
}

/** The current route path with its query, relative to the app's base ("/info/ntp?x=1"). */
export function currentAppPath(): string {
  const base = basePath();
  const path = window.location.pathname;
  const relative = base && path.startsWith(base) ? path.slice(base.length) : path;
  return (relative.startsWith('/') ? relative : `/${relative}`) + window.location.search;
}
