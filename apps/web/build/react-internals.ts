// Property names of React's own objects, which the build's minifier shortens like local
// variables (terser's property mangling, on these names only). React reads and writes them
// hundreds of times (`memoizedState` alone 239 times), and each keeps its long name in the
// minified code; shortened, `js/app.js.gz` is about 1,650 bytes smaller
// (docs/internals/bundle-size.md). React's behaviour is unchanged: a name is renamed alike
// everywhere in the bundle. What this costs: React DevTools cannot read a production
// fiber's state any more, as it cannot read the rest of a minified app.
//
// A name may be on this list only if no object outside the bundle carries it: not a field
// of the device's or the companion's JSON (packages/api), not a prop React writes to the
// DOM, not a property of index.html's scripts (minified on their own). A test holds that
// (react-internals.test.ts). Names of the DOM's own properties (`flags`, `alternate`) are
// renamed only because React's objects carry them and the code reads no DOM object's.

/** A fiber: one component or element in React's tree. */
const FIBER = [
  'alternate',
  'child',
  'childLanes',
  'deletions',
  'dependencies',
  'elementType',
  'flags',
  'lanes',
  'memoizedProps',
  'memoizedState',
  'pendingProps',
  'refCleanup',
  'return',
  'sibling',
  'stateNode',
  'subtreeFlags',
  'tag',
  'updateQueue',
];

/** The root of a tree (createRoot) and its scheduling. */
const ROOT = [
  'callbackNode',
  'callbackPriority',
  'cancelPendingCommit',
  'containerInfo',
  'entangledLanes',
  'entanglements',
  'errorRecoveryDisabledLanes',
  'expirationTimes',
  'expiredLanes',
  'hiddenUpdates',
  'incompleteTransitions',
  'pendingChildren',
  'pendingContext',
  'pendingLanes',
  'pingCache',
  'pingedLanes',
  'pooledCache',
  'pooledCacheLanes',
  'shellSuspendCounter',
  'suspendedLanes',
  'timeoutHandle',
  'warmLanes',
];

/** Hooks, update queues, context, suspense, stylesheet resources and the scheduler's tasks. */
const STATE = [
  '_currentValue',
  '_reactInternals',
  '_valueTracker',
  '_visibility',
  'baseLanes',
  'baseQueue',
  'baseState',
  'blockedOn',
  'cachePool',
  'current',
  'dehydrated',
  'destroy',
  'eagerState',
  'expirationTime',
  'firstBaseUpdate',
  'firstContext',
  'hasEagerState',
  'hiddenCallbacks',
  'inst',
  'instance',
  'isDehydrated',
  'lastBaseUpdate',
  'lastEffect',
  'lastRenderedReducer',
  'lastRenderedState',
  'memoizedValue',
  'priorityLevel',
  'refCount',
  'retryLane',
  'retryQueue',
  'revealOrder',
  'shared',
  'sortIndex',
  'stylesheets',
  'treeContext',
  'unsuspend',
];

/** Class components' lifecycle methods: the app has no class component, React only asks for them. */
const LIFECYCLE = [
  'componentDidCatch',
  'componentDidMount',
  'componentDidUpdate',
  'componentWillMount',
  'componentWillReceiveProps',
  'componentWillUnmount',
  'componentWillUpdate',
  'getDerivedStateFromError',
  'getDerivedStateFromProps',
  'getSnapshotBeforeUpdate',
  'shouldComponentUpdate',
  'UNSAFE_componentWillMount',
  'UNSAFE_componentWillReceiveProps',
  'UNSAFE_componentWillUpdate',
];

export const REACT_INTERNAL_PROPERTIES: readonly string[] = [...FIBER, ...ROOT, ...STATE, ...LIFECYCLE];

/** Terser's `mangle.properties`: only these names, DOM names among them too. */
export const reactPropertyMangling = {
  builtins: true,
  regex: new RegExp(`^(${REACT_INTERNAL_PROPERTIES.join('|')})$`),
};
