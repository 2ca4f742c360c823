/**
 * Calls `ask` every `everyMs` while the tab is visible: a hidden tab asks nothing, and asks
 * at once when shown again. `askNow`: also at once now if visible (else the first ask is the
 * timer's). Returns the stop.
 */
export function repeatWhileVisible(ask: () => void, everyMs: number, askNow: boolean): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const start = (): void => {
    clearInterval(timer);
    timer = undefined;
    if (document.hidden) return;
    ask();
    timer = setInterval(ask, everyMs);
  };
  if (askNow) start();
  else if (!document.hidden) timer = setInterval(ask, everyMs);
  document.addEventListener('visibilitychange', start);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', start);
  };
}
