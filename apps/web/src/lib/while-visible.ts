/**
 * Calls `ask` every `everyMs` while the tab is shown: a hidden tab asks nothing, and asks at
 * once when shown again. `askNow`: also at once now unless hidden (else the first ask is the
 * timer's). Returns the stop. (The word for "shown" is avoided here: the device build keeps
 * the CSS of every class name its sources spell, and this file is in them.)
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
