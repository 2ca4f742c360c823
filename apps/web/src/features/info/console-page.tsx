import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { consoleSocket } from '../../api/console';
import { useSocketOnline } from '../../api/socket';
import { PageFrame } from '../../components/page-frame';
import { useToast } from '../../components/toast';
import { useI18n } from '../../i18n/i18n-provider';
import { copyText } from '../../lib/clipboard';
import { saveBlob } from '../../lib/download';
import { consoleLines, ConsoleMatches } from './console-matches';
import { useConsoleLog } from './use-console-log';

/** A file name that sorts by when the log was saved: opendtu-console-2026-06-21-1230.txt. */
function logFileName(now: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `opendtu-console-${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}-${two(
    now.getHours(),
  )}${two(now.getMinutes())}.txt`;
}

/** The ESP-IDF levels, most severe first, with the texts the logging settings use. */
const LEVELS = { E: 'error', W: 'warn', I: 'info', D: 'debug', V: 'verbose' };

/** How many of the newest lines the list view draws (copy and download take them all). */
const SHOWN_LINES = 500;

/**
 * The device's log as it streams in, with tools to follow, search, copy and keep it.
 * From firmware v25.5.10 on each line carries a level and a tag: then the log is shown
 * coloured by level, and can be narrowed to one level or one tag.
 */
export function ConsolePage() {
  const { t, tc } = useI18n();
  const toast = useToast();
  const online = useSocketOnline(consoleSocket);
  const { text, clear } = useConsoleLog();
  const [autoScroll, setAutoScroll] = useState(true);
  const [filter, setFilter] = useState('');
  const [level, setLevel] = useState('');
  const [tag, setTag] = useState('');
  const outputRef = useRef<HTMLTextAreaElement & HTMLPreElement>(null);
  const ids = { scroll: useId(), filter: useId() };
  const lines = useMemo(() => consoleLines(text), [text]);
  const tags = useMemo(
    () => [...new Set(lines.map((line) => line.tag ?? ''))].filter(Boolean).sort(),
    [lines],
  );
  const narrowed = !!(filter || level || tag);
  const matches = useMemo(() => {
    const needle = filter.toLowerCase();
    return lines
      .filter(
        (line) =>
          (!level || line.level === level) &&
          (!tag || line.tag === tag) &&
          line.text.toLowerCase().includes(needle),
      )
      .slice(-SHOWN_LINES);
  }, [lines, filter, level, tag]);
  const choice = (label: string, value: string, onChange: (value: string) => void, options: string[][]) => (
    <select
      className="form-select form-select-sm w-auto"
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      {options.map(([key, text]) => (
        <option key={key} value={key}>
          {text}
        </option>
      ))}
    </select>
  );

  useLayoutEffect(() => {
    const output = outputRef.current;
    if (autoScroll && output) output.scrollTop = output.scrollHeight;
  }, [matches, text, autoScroll]);

  const copy = () =>
    copyText(text).then(
      () => toast.show('success', t('console.Copied')),
      () => toast.show('danger', t('console.CopyFailed')),
    );

  const label = t('console.VirtualDebugConsole');
  return (
    <PageFrame title={t('menu.Console')} online={online}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <div className="form-check form-switch mb-0 me-auto">
          <input
            className="form-check-input"
            type="checkbox"
            role="switch"
            id={ids.scroll}
            checked={autoScroll}
            onChange={(event) => setAutoScroll(event.target.checked)}
          />
          <label className="form-check-label" htmlFor={ids.scroll}>
            {t('console.EnableAutoScroll')}
          </label>
        </div>
        <label className="visually-hidden" htmlFor={ids.filter}>
          {t('console.Filter')}
        </label>
        {tags.length > 0 && (
          <>
            {choice(t('console.LogLevel'), level, setLevel, [
              ['', t('console.AllLevels')],
              ...Object.entries(LEVELS).map(([letter, name]) => [letter, t(`loggingadmin.log_${name}`)]),
            ])}
            {choice(t('console.Tag'), tag, setTag, [
              ['', t('console.AllTags')],
              ...tags.map((name) => [name, name]),
            ])}
          </>
        )}
        <input
          id={ids.filter}
          type="search"
          className="form-control form-control-sm console-filter"
          placeholder={t('console.Filter')}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
        <div className="btn-group btn-group-sm" role="group" aria-label={t('console.Actions')}>
          <button type="button" className="btn btn-secondary" onClick={clear}>
            {t('console.ClearConsole')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={copy}>
            {t('console.CopyToClipboard')}
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() =>
              saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), logFileName(new Date()))
            }
          >
            {t('console.Download')}
          </button>
        </div>
      </div>
      {narrowed || tags.length > 0 ? (
        <>
          {narrowed && (
            <p className="small text-body-secondary mb-1" aria-live="polite">
              {tc('console.MatchCount', matches.length)}
            </p>
          )}
          <ConsoleMatches ref={outputRef} lines={matches} filter={filter} label={label} />
        </>
      ) : (
        <textarea
          ref={outputRef}
          className="form-control console-panel"
          rows={24}
          readOnly
          value={text}
          aria-label={label}
        />
      )}
    </PageFrame>
  );
}
