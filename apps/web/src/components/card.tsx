import { useId, type HTMLAttributes, type ReactNode, type Ref } from 'react';

// Written out whole: the build keeps only the CSS classes that appear in the sources.
const TONES = {
  danger: [' border-danger', ' text-bg-danger'],
  success: [' border-success', ' text-bg-success'],
} as const;

type SectionAttributes = Omit<HTMLAttributes<HTMLElement>, 'title'>;

export interface CardProps extends SectionAttributes {
  title: ReactNode;
  /** A coloured frame and header: a destructive action, an outcome. */
  tone?: keyof typeof TONES;
  /** A smaller heading, for a card among others of a form or a dashboard. */
  small?: boolean;
  /** The body's class (`table-responsive` around a table that fills the card), or none: the children are the body. */
  body?: string | false;
  /** The heading, for moving the focus to it; it then takes the focus. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** A titled Bootstrap card: a region named by its heading. */
export function Card({
  title,
  tone,
  small,
  body = 'card-body',
  headingRef,
  className = '',
  children,
  ...attributes
}: CardProps) {
  const id = useId();
  const [frame, header] = tone ? TONES[tone] : ['', ''];
  return (
    <section
      {...attributes}
      className={`card mb-3${frame}${className && ` ${className}`}`}
      aria-labelledby={id}
    >
      <h2
        className={`card-header ${small ? 'h6' : 'h5'}${header}`}
        id={id}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
      >
        {title}
      </h2>
      {body === false ? children : <div className={body}>{children}</div>}
    </section>
  );
}

/** A part of a page under a heading of its own, outside any card: a region named by it. */
export function Section({
  title,
  className = 'mb-4',
  children,
  ...attributes
}: SectionAttributes & { title: ReactNode }) {
  const id = useId();
  return (
    <section {...attributes} className={className} aria-labelledby={id}>
      <h2 id={id} className="h4">
        {title}
      </h2>
      {children}
    </section>
  );
}
