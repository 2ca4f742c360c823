import type { MeterAnswer } from '@opendtu/api';
import { useEffect, useState } from 'react';
import { getMeter } from '../../api/meter';

/** Real ms between two looks at the meter while the page is shown (the meter is read every 2 s). */
const EVERY_MS = 2000;

/**
 * The grid meter's reading, asked again every 2 s while the page is visible (at once when
 * it is shown again). A look that fails keeps the last answer: its age then grows, as the
 * server says it.
 */
export function useMeterReading(path?: string): MeterAnswer | undefined {
  const [answer, setAnswer] = useState<MeterAnswer>();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    let stopped = false;
    const look = async (): Promise<void> => {
      clearTimeout(timer);
      controller?.abort();
      if (document.hidden || stopped) return;
      controller = new AbortController();
      try {
        setAnswer(await getMeter(controller.signal, path));
      } catch {
        // The next look tries again; the card shows the last answer's age meanwhile.
      }
      if (!stopped) timer = setTimeout(() => void look(), EVERY_MS);
    };
    const onVisibility = () => void look();
    void look();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller?.abort();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [path]);
  return answer;
}
