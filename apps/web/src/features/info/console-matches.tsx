import type { ReactNode, Ref } from 'react';
import { useI18n } from '../../i18n/i18n-provider';

/** A console line, with the level and tag of its ESP-IDF prefix (firmware v25.5.10 on). */
export interface ConsoleLine {
  text: string;
  level?: string;
  tag?: string;
}

// After our time stamp: level letter, milliseconds since boot, tag (`I (1234) mqtt: ...`).
const PREFIX = /^\S+ ([EWIDV]) \(\d+\) ([^:]+):/;

export function consoleLines(text: string): ConsoleLine[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const prefix = PREFIX.exec(line);
      return { text: line, level: prefix?.[1], tag: prefix?.[2] };
    });
}

function highlight(line: string, filter: string): ReactNode[] {
  const parts: ReactNode[] = [];
  const lower = line.toLowerCase();
  const needle = filter.toLowerCase();
  let from = 0;
  for (let at = needle ? lower.indexOf(needle) : -1; at >= 0; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push(line.slice(from, at));
    parts.push(<mark key={at}>{line.slice(at, at + needle.length)}</mark>);
    from = at + needle.length;
  }
  if (from < line.length) parts.push(line.slice(from));
  return parts;
}

interface ConsoleMatchesProps {
  lines: ConsoleLine[];
  filter: string;
  label: string;
  ref?: Ref<HTMLPreElement>;
}

/**
 * The console as a list of lines, coloured by level (the letter stays in the text, so
 * colour is never the only sign) and with the filter's matches marked: what a text area
 * cannot show.
 */
export function ConsoleMatches({ lines, filter, label, ref }: ConsoleMatchesProps) {
  const { t } = useI18n();
  return (
    <pre
      ref={ref}
      className="form-control console-panel console-matches mb-0"
      tabIndex={0}
      aria-label={label}
    >
      {lines.length === 0 ? (
        <span className="text-white-50">{t('console.NoMatches')}</span>
      ) : (
        lines.map((line, index) => (
          <div key={index} className={line.level && `log-${line.level}`}>
            {highlight(line.text, filter)}
          </div>
        ))
      )}
    </pre>
  );
}
