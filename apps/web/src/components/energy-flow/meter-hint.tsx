import { useEffect, useState } from 'react';
import { Link } from '../router';
import { getMeter } from '../../api/meter';
import { useI18n } from '../../i18n/i18n-provider';
import { COMPANION_ROUTES } from '../../lib/route-paths';

/**
 * A line under the history's energy while no grid meter is set (companion build, issue 45):
 * what one would add, and where to set it. Asked once; nothing when a meter is set or the
 * server cannot say.
 */
export function MeterHint() {
  const { t } = useI18n();
  const [off, setOff] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    getMeter(controller.signal).then(
      (answer) => setOff(answer.state === 'off'),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return off ? (
    <p className="small mt-3 mb-0" data-meter-hint="">
      {t('meter.NotSetHistory')} <Link href={COMPANION_ROUTES.meter}>{t('meter.SetUp')}</Link>
    </p>
  ) : null;
}
