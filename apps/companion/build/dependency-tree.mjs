// The run-time dependencies' folders, as the checkout installed them (package-lock.json):
// which of its node_modules folders the packed server needs, and where each goes in the
// packed tree. They are bundled into the package, so an install resolves no versions and
// downloads nothing: the server runs on exactly the versions the tests ran on.

/** The folder a lock path's package sits in: `node_modules/a/node_modules/b` -> `node_modules/a`. */
function parentOf(path) {
  const at = path.lastIndexOf('node_modules/');
  if (at > 0) return path.slice(0, at - 1);
  // A workspace folder (`apps/companion`) or a root package: next is the root.
  return path === '' ? undefined : '';
}

/** Where Node finds `name` from the package at `from`: its own node_modules, then upwards. */
function locate(lock, from, name) {
  for (let folder = from; folder !== undefined; folder = parentOf(folder)) {
    const path = `${folder ? `${folder}/` : ''}node_modules/${name}`;
    if (lock.packages[path]) return path;
  }
  return undefined;
}

/**
 * @param lock the checkout's package-lock.json
 * @param dependencies the packed server's dependencies (name -> range)
 * @param workspace the workspace they were installed for, e.g. apps/companion
 * @returns every package folder to bundle: `from` in the checkout, `to` in the package
 */
export function dependencyTree(lock, dependencies, workspace) {
  const folders = new Map();
  const visit = (from, name, required) => {
    const path = locate(lock, from, name);
    if (!path) {
      if (required) throw new Error(`${name} (needed by ${from || 'the root'}) is not in package-lock.json`);
      return;
    }
    if (folders.has(path)) return;
    const entry = lock.packages[path];
    if (entry.link) throw new Error(`${path} is a link (a workspace package?): it cannot be bundled`);
    const to = path.startsWith(`${workspace}/`) ? path.slice(workspace.length + 1) : path;
    if ([...folders.values()].includes(to)) throw new Error(`${to} is needed in two versions`);
    folders.set(path, to);
    for (const dep of Object.keys(entry.dependencies ?? {})) visit(path, dep, true);
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) visit(path, dep, false);
    for (const dep of Object.keys(entry.peerDependencies ?? {}))
      visit(path, dep, !entry.peerDependenciesMeta?.[dep]?.optional);
  };
  for (const name of Object.keys(dependencies)) visit(workspace, name, true);
  return [...folders].map(([from, to]) => ({ from, to }));
}
