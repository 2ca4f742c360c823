import { useCallback, useEffect, useRef, useState } from 'react';
import { consoleSocket } from '../../api/console';
import { useSocketOnline, useSocketSubscription } from '../../api/socket';
import { PageFrame } from '../../components/page-frame';
import { useI18n } from '../../i18n/i18n-provider';

/** Keeps the text area from growing without end on a long-open page. */
const MAX_CHARS = 100_000;

/** The device log as it streams in (the full console arrives with its own issue). */
export function ConsolePage() {
  const { t } = useI18n();
  const online = useSocketOnline(consoleSocket);
  const [text, setText] = useState('');
  const areaRef = useRef<HTMLTextAreaElement>(null);
  useSocketSubscription(
    consoleSocket,
    useCallback((chunk: string) => setText((previous) => (previous + chunk).slice(-MAX_CHARS)), []),
  );
  useEffect(() => {
    const area = areaRef.current;
    if (area) area.scrollTop = area.scrollHeight;
  }, [text]);
  return (
    <PageFrame title={t('console.Console')} online={online}>
      <label htmlFor="console-output" className="form-label">
        {t('console.VirtualDebugConsole')}
      </label>
      <textarea
        id="console-output"
        ref={areaRef}
        className="form-control console-panel"
        rows={24}
        readOnly
        value={text}
      />
    </PageFrame>
  );
}
