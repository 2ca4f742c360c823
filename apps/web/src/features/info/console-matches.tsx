import type { ReactNode, Ref } from 'react';
import { useI18n } from '../../i18n/i18n-provider';

/** The lines of `text` that contain `filter` (ignoring case), matches marked. */
export function matchingLines(text: string, filter: string): string[] {
  const needle = filter.toLowerCase();
  return text.split('\n').filter((line) => line !== '' && line.toLowerCase().includes(needle));
}

function highlight(line: string, filter: string): ReactNode[] {
  const parts: ReactNode[] = [];
  const lower = line.toLowerCase();
  const needle = filter.toLowerCase();
  let from = 0;
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push(line.slice(from, at));
    parts.push(<mark key={at}>{line.slice(at, at + needle.length)}</mark>);
    from = at + needle.length;
  }
  if (from < line.length) parts.push(line.slice(from));
  return parts;
}

interface ConsoleMatchesProps {
  lines: string[];
  filter: string;
  label: string;
  ref?: Ref<HTMLPreElement>;
}

/** The filtered console: a read-only list of the matching lines (a textarea cannot mark text). */
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
        lines.map((line, index) => <div key={index}>{highlight(line, filter)}</div>)
      )}
    </pre>
  );
}
