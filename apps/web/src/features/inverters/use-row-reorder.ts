import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { flushSync } from 'react-dom';

/** How long rows take to slide into their new place (spec §9). */
export const REORDER_ANIMATION_MS = 150;

interface Drag {
  key: string;
  pointerId: number;
  startY: number;
  /** Where the row sat in the layout when the drag began. */
  originTop: number;
  lastY: number;
  startScroll: number;
  startIndex: number;
  /** The row and the frame of the edge scrolling, while the pointer is near an edge. */
  row: HTMLElement;
  frame: number;
  /** The handle that holds the pointer capture. */
  handle: HTMLElement;
}

/** How close to the window's top or bottom edge a drag starts scrolling the page. */
const EDGE_PX = 64;
const SCROLL_STEP_PX = 8;

export interface ReorderOptions {
  /** Row keys in their current order; rows carry `data-row-key`. */
  keys: readonly string[];
  /** Moves the row at `from` to `to` (the caller's state change). */
  move: (from: number, to: number) => void;
  /** After a finished move, for the screen-reader announcement. */
  onMoved?: (key: string, index: number) => void;
}

const rowsIn = (container: HTMLElement | null): HTMLElement[] =>
  container ? [...container.querySelectorAll<HTMLElement>('[data-row-key]')] : [];

const rowOf = (element: Element): HTMLElement | null => element.closest<HTMLElement>('[data-row-key]');

const middle = (row: HTMLElement): number => row.offsetTop + row.offsetHeight / 2;

/** Where the dragged row's top should be now, in its table's layout coordinates. */
const draggedTop = (drag: Drag): number =>
  drag.originTop + drag.lastY - drag.startY + window.scrollY - drag.startScroll;

/**
 * Reorders rows by dragging a handle (mouse, touch and pen through pointer events) or by
 * the up and down arrow keys on that handle. Rows slide to their new place with FLIP:
 * after React has moved them, each row is shifted back to where it was and then let go
 * with a 150 ms transform transition. About 1 kB instead of a drag library's 13-15 kB.
 * `offsetTop` is the layout position without transforms, so a row caught in mid-slide
 * still measures where it really is.
 */
export function useRowReorder({ keys, move, onMoved }: ReorderOptions) {
  const containerRef = useRef<HTMLTableSectionElement>(null);
  const tops = useRef(new Map<string, number>());
  const drag = useRef<Drag | null>(null);
  const refocus = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (drag.current) cancelAnimationFrame(drag.current.frame);
    },
    [],
  );

  useLayoutEffect(() => {
    const animate = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const sliding: HTMLElement[] = [];
    const next = new Map<string, number>();
    for (const row of rowsIn(containerRef.current)) {
      const key = row.dataset.rowKey ?? '';
      const top = row.offsetTop;
      next.set(key, top);
      const current = drag.current;
      if (current?.key === key) {
        row.style.transform = `translateY(${draggedTop(current) - top}px)`;
        continue;
      }
      const before = tops.current.get(key);
      if (!animate || before === undefined || before === top) continue;
      row.style.transition = 'none';
      row.style.transform = `translateY(${before - top}px)`;
      sliding.push(row);
    }
    tops.current = next;
    if (sliding.length > 0) {
      // Commits the shifted start before letting go: a forced layout, written as a call so
      // the minifier (pure_getters) keeps it.
      containerRef.current?.getBoundingClientRect();
      for (const row of sliding) {
        row.style.transition = `transform ${REORDER_ANIMATION_MS}ms ease`;
        row.style.transform = '';
      }
    }
    // Moving a row moves its DOM node, which drops the focus of the handle inside it.
    const focusKey = refocus.current;
    refocus.current = null;
    if (focusKey !== null) {
      const row = rowsIn(containerRef.current).find((item) => item.dataset.rowKey === focusKey);
      row?.querySelector<HTMLElement>('[data-reorder-handle]')?.focus();
    }
  }, [keys]);

  function follow(row: HTMLElement, current: Drag): void {
    const top = draggedTop(current);
    row.style.transform = `translateY(${top - row.offsetTop}px)`;
    const rows = rowsIn(containerRef.current);
    const index = rows.indexOf(row);
    const centre = top + row.offsetHeight / 2;
    let target = index;
    while (target > 0 && centre < middle(rows[target - 1]!)) target--;
    while (target < rows.length - 1 && centre > middle(rows[target + 1]!)) target++;
    if (target === index) return;
    // At once, so the next pointer move measures the rows in their new places.
    flushSync(() => move(index, target));
    // React moves a row's node to reorder (the dragged one itself when it goes down), and a
    // node taken out of the page loses the pointer capture: the handle takes it back, or the
    // drag would end after its first step.
    current.handle.setPointerCapture(current.pointerId);
  }

  // Ten inverters are taller than a phone's screen: near the top or bottom edge the page
  // scrolls on by itself, frame by frame, and the row keeps following the finger.
  function edgeScroll(current: Drag): void {
    cancelAnimationFrame(current.frame);
    const step =
      current.lastY < EDGE_PX
        ? -SCROLL_STEP_PX
        : current.lastY > window.innerHeight - EDGE_PX
          ? SCROLL_STEP_PX
          : 0;
    if (step === 0) return;
    current.frame = requestAnimationFrame(() => {
      if (drag.current !== current) return;
      const before = window.scrollY;
      window.scrollBy({ top: step, behavior: 'instant' });
      if (window.scrollY === before) return;
      follow(current.row, current);
      edgeScroll(current);
    });
  }

  function end(event: PointerEvent<HTMLElement>): void {
    const current = drag.current;
    if (!current || event.pointerId !== current.pointerId) return;
    drag.current = null;
    cancelAnimationFrame(current.frame);
    const row = current.row;
    row.classList.remove('row-dragging');
    row.style.transition = `transform ${REORDER_ANIMATION_MS}ms ease`;
    row.style.transform = '';
    const index = rowsIn(containerRef.current).indexOf(row);
    if (index !== current.startIndex) onMoved?.(current.key, index);
  }

  function handleProps(key: string) {
    return {
      'data-reorder-handle': '',
      onPointerDown(event: PointerEvent<HTMLElement>) {
        if (event.button !== 0 || drag.current) return;
        const row = rowOf(event.currentTarget);
        if (!row) return;
        event.preventDefault(); // no text selection, no scrolling with the finger
        event.currentTarget.setPointerCapture(event.pointerId);
        drag.current = {
          key,
          pointerId: event.pointerId,
          startY: event.clientY,
          originTop: row.offsetTop,
          lastY: event.clientY,
          startScroll: window.scrollY,
          startIndex: rowsIn(containerRef.current).indexOf(row),
          row,
          frame: 0,
          handle: event.currentTarget,
        };
        row.classList.add('row-dragging');
        row.style.transition = 'none';
      },
      onPointerMove(event: PointerEvent<HTMLElement>) {
        const current = drag.current;
        if (!current || event.pointerId !== current.pointerId) return;
        current.lastY = event.clientY;
        follow(current.row, current);
        edgeScroll(current);
      },
      onPointerUp: end,
      onPointerCancel: end,
      onLostPointerCapture: end,
      onKeyDown(event: KeyboardEvent<HTMLElement>) {
        const step = { ArrowUp: -1, ArrowDown: 1 }[event.key];
        if (step === undefined || drag.current) return;
        event.preventDefault();
        const index = keys.indexOf(key);
        const target = index + step;
        if (index < 0 || target < 0 || target >= keys.length) return;
        refocus.current = key;
        move(index, target);
        onMoved?.(key, target);
      },
    };
  }

  return { containerRef, handleProps };
}
