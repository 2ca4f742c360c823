import { useEffect, useRef } from 'react';
import { useLocation } from '../components/router';

/** Spec §2: after a navigation, scroll to the top 100 ms later (the new page has rendered). */
export const SCROLL_DELAY_MS = 100;

export function useScrollToTop(): void {
  const [location] = useLocation();
  const shown = useRef(location);
  useEffect(() => {
    // The first page is not a navigation: the browser placed it already (at the top, or where
    // a reload left it), and a jump 100 ms later would throw back a finger that has started.
    if (location === shown.current) return;
    shown.current = location;
    const timer = setTimeout(() => window.scrollTo(0, 0), SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [location]);
}
