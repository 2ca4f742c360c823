/** A thin bar for a share of 0 to 100 %, announced as a progress bar under `label`. */
export function Bar({ label, percent, warn = false }: { label: string; percent: number; warn?: boolean }) {
  const value = Math.round(Math.min(100, Math.max(0, percent)));
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      style={{ height: '.375rem' }}
    >
      <div className={warn ? 'progress-bar bg-warning' : 'progress-bar'} style={{ width: `${value}%` }} />
    </div>
  );
}
