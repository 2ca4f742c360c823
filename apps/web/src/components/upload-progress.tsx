import { useEffect } from 'react';
import { useLocation } from './router';
import type { UploadResult } from '../api/client';
import { untilDeviceGoesDown } from '../api/system';
import type { Translator } from '../i18n/runtime';
import { Bar } from './bar';

/** What an upload screen shows (spec §4): nothing yet, a running upload, or its outcome. */
export type UploadState =
  | { phase: 'idle' }
  | { phase: 'busy'; percent: number; label: string }
  | { phase: 'success' }
  | { phase: 'error'; message: string };

/** How long the success message stays before the wait page (spec §9: 1000 ms). */
export const REDIRECT_AFTER_UPLOAD_MS = 1000;

/** The text of a failed upload (spec §8): the device's own text for a 500, else the status. */
export function uploadErrorText(t: Translator['t'], result: UploadResult): string {
  return result.status === 500 ? result.text : t('base.HttpError', { status: result.statusText });
}

/** The text of an upload that got no answer at all (the device went away). */
export const noAnswerText = (t: Translator['t']): string => t('Error.Unreachable');

/** A labelled progress bar, 0 to 100, with the figure in text (not only the bar's width). */
export function UploadProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="my-3">
      <div className="d-flex justify-content-between small mb-1">
        <span>{label}</span>
        <span>{percent} %</span>
      </div>
      <Bar label={label} percent={percent} bar="progress-bar progress-bar-striped progress-bar-animated" />
    </div>
  );
}

/**
 * The one way to the wait page after a request that restarts the device (reboot, factory
 * reset, restore, firmware, a new pin mapping): once `when` turns true the device's answer
 * stays on screen for the spec's 1 s, then, as the device restarts about a second after
 * answering, the page waits until it has gone down (a wait page opened while it still
 * answers would go home at once), then opens `waitPath`.
 */
export function useWaitAfter(when: boolean, waitPath: string): void {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!when) return;
    const controller = new AbortController();
    const { signal } = controller;
    void new Promise((done) => setTimeout(done, REDIRECT_AFTER_UPLOAD_MS))
      .then(() => untilDeviceGoesDown(signal))
      .then(() => signal.aborted || navigate(waitPath));
    return () => controller.abort();
  }, [when, waitPath, navigate]);
}
