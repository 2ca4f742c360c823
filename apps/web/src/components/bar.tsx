/**
 * A share of 0 to 100 % as a Bootstrap progress bar, announced under `label` (and as `text`
 * when the figure is also shown in words). `bar` is the filled part's class (its colour,
 * stripes); `thin` draws the slim bar of a table cell.
 */
export function Bar({
  label,
  percent,
  bar = 'progress-bar',
  text,
  className = 'progress',
  thin = false,
}: {
  label: string;
  percent: number;
  bar?: string;
  text?: string;
  className?: string;
  thin?: boolean;
}) {
  const value = Math.round(Math.min(100, Math.max(0, percent)));
  return (
    <div
      className={className}
      role="progressbar"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuetext={text}
      style={thin ? { height: '.375rem' } : undefined}
    >
      <div className={bar} style={{ width: `${value}%` }} />
    </div>
  );
}
