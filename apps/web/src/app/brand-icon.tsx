import { useEffect, useState } from 'react';
import { EggIcon, SunIcon, TreeIcon } from '../components/icons';
import { brandIconFor } from '../lib/holidays';

/** Spec §9: the holiday check runs every 10 s, so the icon changes at midnight too. */
export const HOLIDAY_REFRESH_MS = 10_000;

export function BrandIcon() {
  const [icon, setIcon] = useState(() => brandIconFor(new Date()));
  useEffect(() => {
    const timer = setInterval(() => setIcon(brandIconFor(new Date())), HOLIDAY_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const Icon = { sun: SunIcon, tree: TreeIcon, egg: EggIcon }[icon];
  return <Icon className="brand-icon me-2" data-icon={icon} width="1.4em" height="1.4em" />;
}
