import { useEffect } from 'react';
import { useLocation } from 'wouter';

/** Spec §2: after a navigation, scroll to the top 100 ms later (the new page has rendered). */
export const SCROLL_DELAY_MS = 100;

export function useScrollToTop(): void {
  const [location] = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => window.scrollTo(0, 0), SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [location]);
}
