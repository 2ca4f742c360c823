import type { PlantDevice, PlantInverter } from '@opendtu/api';
import type { LimitRow } from '../../components/limit-parts';
import { LimitForm } from '../../components/limit-form';
import { useI18n } from '../../i18n/i18n-provider';
import { limitKey } from './plant-limit-api';
import { PlantLimitNotices } from './plant-limit-notices';
import { usePlantLimit, type PlantCommand } from './use-plant-limit';

/**
 * One limit for the whole plant (issue 33), the device app's group limit over every
 * device's inverters. The companion sends each part to its device; an offline device's
 * inverters are listed but get nothing.
 */
export function PlantLimitDialog({
  inverters,
  devices,
  onClose,
}: {
  inverters: PlantInverter[];
  devices: PlantDevice[];
  onClose: () => void;
}) {
  const { t } = useI18n();
  const { status, statusError, commands, refusal, dismissRefusal, busy, send, sendWithLogin } =
    usePlantLimit();
  const online = new Set(devices.filter((device) => device.online).map((device) => device.name));
  const maxPower = new Map(
    status?.inverters.map((entry) => [limitKey(entry.device, entry.serial), entry.max_power]),
  );
  const rows: (LimitRow<PlantCommand> & { device: string; serial: string })[] = inverters.map(
    ({ device, serial, name }) => {
      const key = limitKey(device, serial);
      return {
        key,
        device,
        serial,
        name,
        detail: (
          <>
            <span className="visually-hidden">{t('plant.Device')}: </span>
            {device}
          </>
        ),
        maxPower: maxPower.get(key) ?? 0,
        unavailable: !online.has(device)
          ? { key: 'plant.DeviceOffline' }
          : status?.lacking.includes(device)
            ? { key: 'plant.LimitNoAnswer' }
            : undefined,
        command: commands[key],
      };
    },
  );

  return (
    <LimitForm
      title={`${t('home.LimitSettings')}: ${t('plant.Plant')}`}
      rows={rows}
      group
      busy={busy}
      ready={!!status}
      failed={!!statusError}
      onSend={({ relative, persistent, parts }) =>
        void send(
          {
            relative,
            persistent,
            parts: parts.map(({ key, value }) => {
              const { device, serial } = rows.find((row) => row.key === key)!;
              return { device, serial, value };
            }),
          },
          false,
        )
      }
      onRetry={(failed) => {
        const [first] = failed;
        if (!first) return;
        void send(
          {
            relative: !!first.relative,
            persistent: !!first.persistent,
            parts: failed.map(({ device, serial, value }) => ({ device, serial, value: value! })),
          },
          true,
        );
      }}
      onClose={onClose}
    >
      <PlantLimitNotices
        refusal={refusal}
        dismissRefusal={dismissRefusal}
        sendWithLogin={sendWithLogin}
        statusError={statusError}
      />
    </LimitForm>
  );
}
