/** The path the app is served under ('' at the site root, '/dtu' behind a proxy), taken
 *  from the <base> element index.html sets before the bundle loads. */
export function basePath(): string {
  return new URL(document.baseURI).pathname.replace(/\/$/, '');
}
