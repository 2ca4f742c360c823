import type { ControlAnswer } from '@opendtu/api';
import { useEffect, useState } from 'react';
import { getControl, setControlPaused } from '../../api/control';
import { watchDeviceTime } from '../../api/device-time';
import { useApiData } from '../../api/use-api-data';
import { Alert } from '../../components/api-alert';
import { PageFrame } from '../../components/page-frame';
import { useI18n } from '../../i18n/i18n-provider';
import { ControlCommands } from './control-commands';
import { ControlChart } from './control-chart';
import { ControlInverters } from './control-inverters';
import { OffCard } from '../../components/off-card';
import { ControlSettings } from './control-settings';
import { ControlStatus } from './control-status';
import { useControlToday } from './use-control-today';

/** The controller changes something every few seconds; its state is asked that often. */
const POLL_MS = 5000;

/**
 * The zero-export controller of the companion server (companion build only): its state in
 * words with a pause button, today's chart, each inverter, the last commands with their
 * acknowledgements, and its settings as a form the admin saves. While zero export is off
 * the form stays, below a short word on what it does.
 */
export function ControlPage() {
  const { t } = useI18n();
  const { data, reload } = useApiData(getControl);
  const today = useControlToday(data !== undefined && data.state !== 'off');
  // What the last pause or resume answered, shown until the next poll brings newer.
  const [posted, setPosted] = useState<{ answer: ControlAnswer; over: typeof data }>();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string>();
  const [notice, setNotice] = useState<string>();
  useEffect(() => watchDeviceTime(), []);
  useEffect(() => {
    const timer = setInterval(reload, POLL_MS);
    return () => clearInterval(timer);
  }, [reload]);

  const control = posted && posted.over === data ? posted.answer : data;
  const pause = (paused: boolean) => {
    setBusy(true);
    setFailed(undefined);
    setNotice(undefined);
    setControlPaused(paused)
      .then(
        (answer) => {
          setPosted({ answer, over: data });
          setNotice(t(paused ? 'control.PausedNotice' : 'control.ResumedNotice'));
        },
        (error: unknown) => setFailed(error instanceof Error ? error.message : String(error)),
      )
      .finally(() => setBusy(false));
  };

  return (
    <PageFrame title={t('control.Control')} isLoading={data === undefined} onReload={reload}>
      {control && (
        <>
          {control.state === 'off' ? (
            // Off: what zero export does, and that the settings below turn it on.
            <OffCard
              title={t('control.Off')}
              what={t('control.OffWhat')}
              how={t('control.OffHow')}
              data-control-off=""
            />
          ) : (
            <>
              <ControlStatus control={control} busy={busy} notice={notice} onPause={pause} />
              {failed && (
                <Alert variant="danger" onClose={() => setFailed(undefined)}>
                  {t('control.PauseFailed', { message: failed })}
                </Alert>
              )}
              {today && <ControlChart data={today.chart} />}
              <ControlInverters control={control} names={today?.names ?? {}} />
              <ControlCommands commands={control.commands} names={today?.names ?? {}} />
            </>
          )}
          <ControlSettings source={control.source} onSaved={reload} />
        </>
      )}
    </PageFrame>
  );
}
