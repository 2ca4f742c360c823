import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface Tab {
  /** Stable key of the tab. */
  key: string;
  label: ReactNode;
  content: ReactNode;
}

/**
 * Bootstrap nav-tabs with the ARIA tabs pattern: one tab stop, arrow keys, Home and End
 * move between tabs and show them. Every panel stays mounted (hidden when not shown), so
 * a form's fields keep their values and rules while the user switches tabs.
 */
export function Tabs({ tabs, label }: { tabs: readonly Tab[]; label: string }) {
  const baseId = useId();
  const [selected, setSelected] = useState(tabs[0]?.key);
  const listRef = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent): void {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length];
    if (!tab) return;
    setSelected(tab.key);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(`${baseId}-tab-${tab.key}`)}`)?.focus();
  }

  return (
    <>
      <div
        ref={listRef}
        className="nav nav-tabs mb-3"
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => {
          const active = tab.key === selected;
          return (
            <button
              key={tab.key}
              id={`${baseId}-tab-${tab.key}`}
              type="button"
              role="tab"
              className={`nav-link${active ? ' active' : ''}`}
              aria-selected={active}
              aria-controls={`${baseId}-panel-${tab.key}`}
              tabIndex={active ? 0 : -1}
              onClick={() => setSelected(tab.key)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          id={`${baseId}-panel-${tab.key}`}
          role="tabpanel"
          aria-labelledby={`${baseId}-tab-${tab.key}`}
          hidden={tab.key !== selected}
        >
          {tab.content}
        </div>
      ))}
    </>
  );
}
