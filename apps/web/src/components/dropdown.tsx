import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { focusableIn } from './focus';

export interface NavDropdownProps {
  /** The toggle's content. */
  label: ReactNode;
  /** Accessible name when the label is only an icon. */
  ariaLabel?: string;
  /** Menu items: links, buttons and dividers (<li> elements). */
  children: ReactNode;
  /** Align the menu to the right edge of the toggle. */
  end?: boolean;
  className?: string;
}

/**
 * A navbar dropdown as a disclosure: the toggle says whether it is expanded; arrow keys,
 * Home and End move between the items, Escape closes and returns to the toggle, and
 * choosing an item, clicking elsewhere or tabbing away closes it.
 */
export function NavDropdown({ label, ariaLabel, children, end, className = '' }: NavDropdownProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLLIElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent): void => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function focusItem(which: 'first' | 'last' | 1 | -1): void {
    const items = menuRef.current ? focusableIn(menuRef.current) : [];
    if (items.length === 0) return;
    const current = items.indexOf(document.activeElement as HTMLElement);
    let index: number;
    if (which === 'first') index = 0;
    else if (which === 'last') index = items.length - 1;
    else index = (current + which + items.length) % items.length;
    items[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent): void {
    const keys: Record<string, () => void> = {
      ArrowDown: () => (open ? focusItem(1) : openAndFocus('first')),
      ArrowUp: () => (open ? focusItem(-1) : openAndFocus('last')),
      Home: () => open && focusItem('first'),
      End: () => open && focusItem('last'),
      Escape: () => {
        setOpen(false);
        toggleRef.current?.focus();
      },
    };
    const action = keys[event.key];
    if (!action || (!open && event.key === 'Escape')) return;
    event.preventDefault();
    action();
  }

  function openAndFocus(which: 'first' | 'last'): void {
    setOpen(true);
    requestAnimationFrame(() => focusItem(which));
  }

  return (
    <li
      ref={rootRef}
      className={`nav-item dropdown ${className}`}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className={`nav-link dropdown-toggle${open ? ' show' : ''}`}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={ariaLabel}
        onClick={() => setOpen(!open)}
      >
        {label}
      </button>
      <ul
        ref={menuRef}
        id={menuId}
        className={`dropdown-menu${end ? ' dropdown-menu-end' : ''}${open ? ' show' : ''}`}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a, button')) setOpen(false);
        }}
      >
        {children}
      </ul>
    </li>
  );
}

export function DropdownDivider() {
  return (
    <li role="separator">
      <hr className="dropdown-divider" />
    </li>
  );
}
