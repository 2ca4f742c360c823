import type { ApiResponse } from '@opendtu/api';
import { useState } from 'react';
import { useWaitAfter } from './upload-progress';

/**
 * A request that restarts the device once confirmed (reboot, factory reset): the
 * question's state, the request, the device's answer, then the wait page a moment after
 * a success (the device goes down about 1 s after answering).
 */
export function useRestartRequest(send: () => Promise<ApiResponse>, waitPath: string) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<ApiResponse>();
  useWaitAfter(answer?.type === 'success', waitPath);

  const confirm = (): void => {
    setBusy(true);
    send()
      .then(setAnswer)
      .finally(() => {
        setBusy(false);
        setAsking(false);
      })
      // The client already shows the login or the Error screen.
      .catch(() => undefined);
  };

  return { asking, ask: () => setAsking(true), cancel: () => setAsking(false), confirm, busy, answer };
}
