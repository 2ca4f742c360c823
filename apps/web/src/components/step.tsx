/** A previous/next button: an arrow to see, its words for screen readers. */
export function Step({
  label,
  step,
  disabled,
  onClick,
}: {
  label: string;
  step: -1 | 1;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="btn btn-outline-secondary"
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      <span aria-hidden="true">{step < 0 ? '‹' : '›'}</span>
      <span className="visually-hidden">{label}</span>
    </button>
  );
}
