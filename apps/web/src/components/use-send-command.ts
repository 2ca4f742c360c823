import type { ApiResponse } from '@opendtu/api';
import { useState } from 'react';
import { sendCommand, type CommandRequest } from '../api/commands';
import { useI18n } from '../i18n/i18n-provider';
import { useToast } from './toast';

/**
 * Sending from a limit or power dialog: busy while the POST is under way; on success the
 * dialog closes (spec §8) saying the command was sent, not that it is done (the header
 * follows the confirmation); a refusal stays in the dialog as `answer`.
 */
export function useSendCommand(onClose: () => void) {
  const { t } = useI18n();
  const toast = useToast();
  const [answer, setAnswer] = useState<ApiResponse | undefined>();
  const [busy, setBusy] = useState(false);
  const send = (request: CommandRequest) => {
    setBusy(true);
    void sendCommand(request)
      .then((response) => {
        if (response?.type === 'success') {
          toast.show('info', t('home.Sent'));
          onClose();
        } else setAnswer(response);
      })
      .finally(() => setBusy(false));
  };
  return { answer, setAnswer, busy, send };
}
