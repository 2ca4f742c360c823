import { useCallback, useState } from 'react';
import { consoleSocket } from '../../api/console';
import { useSocketSubscription } from '../../api/socket';
import { appendFrame, consoleTime, EMPTY_CONSOLE, type ConsoleText } from '../../lib/console-stamp';

/**
 * How much of the log a page keeps: about 2,000 lines of a typical device, plenty to
 * scroll back through, and the page's memory stays flat however long it stays open.
 */
export const CONSOLE_MAX_CHARS = 150_000;

/** The device log since the page opened (or was cleared), time-stamped line by line. */
export function useConsoleLog(): { text: string; clear: () => void } {
  const [log, setLog] = useState<ConsoleText>(EMPTY_CONSOLE);
  useSocketSubscription(
    consoleSocket,
    useCallback((frame: string) => {
      const stamp = consoleTime(new Date());
      setLog((previous) => appendFrame(previous, frame, stamp, CONSOLE_MAX_CHARS));
    }, []),
  );
  // A line in progress stays open: its rest still arrives and must not be stamped again.
  const clear = useCallback(() => setLog((previous) => ({ ...previous, text: '' })), []);
  return { text: log.text, clear };
}
