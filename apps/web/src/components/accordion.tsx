import { useId, useState, type ReactNode } from 'react';

export interface AccordionSection {
  title: ReactNode;
  body: ReactNode;
}

/**
 * Bootstrap's accordion without its JavaScript: each section opens and closes on its
 * own (reading two side by side is allowed), headers are buttons announcing their state.
 */
export function Accordion({
  sections,
  initiallyOpen = [],
}: {
  sections: AccordionSection[];
  initiallyOpen?: number[];
}) {
  const id = useId();
  const [open, setOpen] = useState(() => new Set(initiallyOpen));
  const toggle = (index: number) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (!next.delete(index)) next.add(index);
      return next;
    });
  return (
    <div className="accordion">
      {sections.map((section, index) => {
        const expanded = open.has(index);
        const bodyId = `${id}-${index}`;
        return (
          <div className="accordion-item" key={index}>
            <h2 className="accordion-header">
              <button
                type="button"
                className={`accordion-button${expanded ? '' : ' collapsed'}`}
                aria-expanded={expanded}
                aria-controls={bodyId}
                onClick={() => toggle(index)}
              >
                {section.title}
              </button>
            </h2>
            <div id={bodyId} className={`accordion-collapse collapse${expanded ? ' show' : ''}`}>
              <div className="accordion-body">{section.body}</div>
            </div>
          </div>
        );
      })}
    </div>
  );
}
