import { isLiveInverterFull } from '@opendtu/api';
import { onDeviceClock } from '../../api/device-time';
import { memo, useState } from 'react';
import { commandOf, useCommands } from '../../api/commands';
import { CommandNote } from '../../components/command-note';
import { LimitDialog } from '../../components/limit-dialog';
import { useNow } from '../../components/use-now';
import { useI18n } from '../../i18n/i18n-provider';
import { formatDateTime, formatDuration, formatLimit } from '../../lib/format';
import type { InverterPeaks } from '../../lib/peaks';
import { ABSOLUTE_TIME_AFTER_S, dataAgeSeconds, dataTakenAt, type LiveInverter } from '../../lib/live-merge';
import { ChannelCards } from './channel-cards';
import { DeviceInfoDialog } from './device-info-dialog';
import { EventLogDialog } from './event-log-dialog';
import { GridProfileDialog } from './grid-profile-dialog';
import { InverterToolbar, type LiveDialog } from './inverter-toolbar';
import { PowerDialog } from './power-dialog';
import { RadioStatsTable } from './radio-stats';
import { StateBadge } from '../../components/state-badge';

/**
 * One inverter: header, toolbar, channel cards, radio statistics and its dialogs. A frame
 * about another inverter leaves this one's object as it was, so the view skips it.
 */
export const InverterView = memo(function InverterView({
  inverter,
  peaks,
  since,
  noClock,
}: {
  inverter: LiveInverter;
  peaks: InverterPeaks | undefined;
  since: number | undefined;
  /** The device has no clock yet, so it polls no inverter (its hint time_sync). */
  noClock?: boolean | undefined;
}) {
  const { t } = useI18n();
  const [dialog, setDialog] = useState<LiveDialog | undefined>();
  const close = () => setDialog(undefined);
  const props = { inverter, onClose: close };
  return (
    <section className="card" aria-labelledby="inverter-title" data-inverter={inverter.serial}>
      <InverterHeader inverter={inverter} noClock={noClock} />
      <div className="card-body">
        <InverterToolbar inverter={inverter} onOpen={setDialog} />
        {isLiveInverterFull(inverter) ? (
          <>
            <ChannelCards inverter={inverter} peaks={peaks} since={since} />
            {inverter.radio_stats && <RadioStatsTable inverter={inverter} stats={inverter.radio_stats} />}
          </>
        ) : (
          <p className="text-body-secondary mt-3">{t('home.LoadingInverter')}</p>
        )}
      </div>
      {dialog === 'limit' && <LimitDialog inverters={[inverter]} onClose={close} />}
      {dialog === 'power' && <PowerDialog {...props} />}
      {dialog === 'info' && <DeviceInfoDialog {...props} />}
      {dialog === 'grid' && <GridProfileDialog {...props} />}
      {dialog === 'events' && <EventLogDialog {...props} />}
    </section>
  );
});

/** When the data was taken, on the device's clock once it is known (as the chart's hours). */
const takenAt = (locale: string, inverter: LiveInverter): string =>
  onDeviceClock(dataTakenAt(inverter).getTime(), (time, zone) => formatDateTime(locale, time, zone));

export function InverterHeader({
  inverter,
  noClock,
}: {
  inverter: LiveInverter;
  noClock?: boolean | undefined;
}) {
  const { t, locale } = useI18n();
  const now = useNow();
  const commands = useCommands();
  const age = dataAgeSeconds(inverter, now);
  return (
    <div className="card-header d-flex flex-wrap align-items-center column-gap-3 row-gap-1">
      {/* On a phone the name goes below a long state ("☾ Schläft (Nacht) · 0 W"), not off the page. */}
      <h2 className="h5 mb-0 me-auto d-flex flex-wrap align-items-center gap-2" id="inverter-title">
        <StateBadge inverter={inverter} wide noClock={noClock} />
        <span className="text-break">{inverter.name}</span>
      </h2>
      <small>
        {t('home.SerialNumber')} <span className="font-monospace">{inverter.serial}</span>
      </small>
      <small>
        {t('home.CurrentLimit')} <span data-limit="">{formatLimit(locale, inverter)}</span>
        <CommandNote command={commandOf(commands, 'limit', inverter.serial)} />
      </small>
      <small>
        <CommandNote command={commandOf(commands, 'power', inverter.serial)} />
      </small>
      <small data-age={age}>
        {t('dataagedisplay.Ago', { age: formatDuration(locale, age) })}
        {age > ABSOLUTE_TIME_AFTER_S && ` (${takenAt(locale, inverter)})`}
      </small>
    </div>
  );
}
