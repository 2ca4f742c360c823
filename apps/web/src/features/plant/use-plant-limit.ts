import type { PlantLimitRequest, PlantLimitStatusAnswer } from '@opendtu/api';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { settle, type Command } from '../../api/commands';
import type { Credentials } from '../../api/auth';
import { getPlantLimit, limitKey, postPlantLimit } from './plant-limit-api';
import { PLANT_POLL_MS } from './use-plant';

/** A part sent to one inverter, followed as the device app follows its own commands. */
export interface PlantCommand extends Command {
  device: string;
  /** The device's message, or why the companion did not send the part. */
  message: string;
}

export type PlantCommands = Readonly<Record<string, PlantCommand>>;

/**
 * The commands after a status answer asked at `asked`. An answer asked before a command
 * was accepted says nothing about it; a device that did not answer leaves its commands
 * as they were (no news is not a failure).
 */
export function settleAll(
  commands: PlantCommands,
  answer: PlantLimitStatusAnswer,
  asked: number,
  now: number,
): PlantCommands {
  const entries = new Map(answer.inverters.map((entry) => [limitKey(entry.device, entry.serial), entry]));
  return Object.fromEntries(
    Object.entries(commands).map(([key, command]) => {
      if (command.at > asked || answer.lacking.includes(command.device)) return [key, command];
      const entry = entries.get(key);
      const status = entry && {
        set: entry.limit_set_status,
        relative: entry.limit_relative,
        max: entry.max_power,
      };
      return [key, { ...command, ...settle(command, status, now) }];
    }),
  );
}

/**
 * The plant's limit states, asked every 2 s while the dialog is mounted (one request at a
 * time), and the parts sent from it with each one's acknowledgement.
 */
export function usePlantLimit() {
  const [status, setStatus] = useState<PlantLimitStatusAnswer>();
  const [statusError, setStatusError] = useState<ApiError>();
  const [commands, setCommands] = useState<PlantCommands>({});
  const [refusal, setRefusal] = useState<ApiError>();
  // What a 401 refused, for the login the dialog then offers to send again.
  const [refused, setRefused] = useState<{ request: PlantLimitRequest; retry: boolean }>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let request: AbortController | undefined;
    const poll = (): void => {
      if (request) return;
      const current = (request = new AbortController());
      const asked = Date.now();
      void getPlantLimit(current.signal)
        .then(
          (answer) => {
            if (current.signal.aborted) return;
            setStatus(answer);
            setStatusError(undefined);
            setCommands((before) => settleAll(before, answer, asked, Date.now()));
          },
          (failure: unknown) => {
            if (!current.signal.aborted && failure instanceof ApiError) setStatusError(failure);
          },
        )
        .finally(() => {
          if (request === current) request = undefined;
        });
    };
    poll();
    const timer = setInterval(poll, PLANT_POLL_MS);
    return () => {
      clearInterval(timer);
      request?.abort();
    };
  }, []);

  /**
   * Sends `request`; a retry keeps the other parts' states, a new limit starts afresh. With
   * `credentials` (a login typed into the dialog) a failure is the login form's to show,
   * so it is thrown rather than kept as the refusal.
   */
  const send = async (
    request: PlantLimitRequest,
    retry: boolean,
    credentials?: Credentials,
  ): Promise<void> => {
    const prior = commands;
    const keys = request.parts.map(({ device, serial }) => limitKey(device, serial));
    const command = (
      device: string,
      serial: string,
      value: number,
      state: Command['state'],
      message = '',
    ) => ({
      kind: 'limit' as const,
      device,
      serial,
      value,
      relative: request.relative,
      persistent: request.persistent,
      at: Date.now(),
      state,
      message,
    });
    setBusy(true);
    if (!credentials) setRefusal(undefined);
    setCommands((before) => ({
      ...(retry ? before : {}),
      ...Object.fromEntries(
        request.parts.map(({ device, serial, value }) => [
          limitKey(device, serial),
          command(device, serial, value, 'sending'),
        ]),
      ),
    }));
    try {
      const { results } = await postPlantLimit(request, credentials);
      setRefusal(undefined);
      setRefused(undefined);
      setCommands((before) => ({
        ...before,
        ...Object.fromEntries(
          results.map(({ device, serial, value, sent, message }) => [
            limitKey(device, serial),
            command(device, serial, value, sent ? 'pending' : 'rejected', sent ? '' : message),
          ]),
        ),
      }));
    } catch (error) {
      // Nothing was sent: the parts show what they showed before.
      setCommands((before) =>
        retry
          ? {
              ...before,
              ...Object.fromEntries(keys.flatMap((key) => (prior[key] ? [[key, prior[key]]] : []))),
            }
          : prior,
      );
      const failure = error instanceof ApiError ? error : new ApiError(String(error), 0);
      if (credentials) throw failure;
      setRefusal(failure);
      setRefused(failure.status === 401 ? { request, retry } : undefined);
    } finally {
      setBusy(false);
    }
  };

  /** The refused parts sent again, at once, with a login typed into the dialog; while a 401 stands. */
  const sendWithLogin =
    refused && ((credentials: Credentials) => send(refused.request, refused.retry, credentials));
  const dismissRefusal = () => {
    setRefusal(undefined);
    setRefused(undefined);
  };

  return { status, statusError, commands, refusal, dismissRefusal, busy, send, sendWithLogin };
}
