// wouter imports useSyncExternalStore through the shim package written for Reacts before
// 18; React 19 has it built in, so the router gets React's own and the shim stays out of
// the bundle.
export { useSyncExternalStore } from 'react';
