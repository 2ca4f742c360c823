import type { AlertChannel, AlertChannelKind, AlertTestResult } from '@opendtu/api';
import { useState } from 'react';
import { sendTestMessage } from '../../api/alerts';
import { ApiError } from '../../api/client';
import { Alert } from '../../components/api-alert';
import { useI18n } from '../../i18n/i18n-provider';
import { Section } from '../../components/card';

const KIND_NAME: Readonly<Record<AlertChannelKind, string>> = {
  ntfy: 'alerts.KindNtfy',
  webhook: 'alerts.KindWebhook',
  mqtt: 'alerts.KindMqtt',
  email: 'alerts.KindEmail',
};

type Test =
  | { state: 'idle' | 'sending' }
  | { state: 'done'; results: AlertTestResult[] }
  | { state: 'failed'; error: string };

function TestResults({ results }: { results: AlertTestResult[] }) {
  const { t } = useI18n();
  return (
    <ul className="list-unstyled mb-0">
      {results.map((result) => (
        <li key={result.channel} className="mb-1 text-break" data-test-result={result.ok ? 'ok' : 'failed'}>
          <span className={`badge ${result.ok ? 'text-bg-success' : 'text-bg-danger'}`}>
            {t(result.ok ? 'alerts.TestOk' : 'alerts.TestFailed')}
          </span>{' '}
          <code>{result.channel}</code>:{' '}
          {/* The server's words: "HTTP 200: ..." or the error (ECONNREFUSED, timeout). */}
          {result.answer}
        </li>
      ))}
    </ul>
  );
}

/** Where alerts are told (passwords masked by the server), and a test message to all of them. */
export function AlertChannels({ channels }: { channels: readonly AlertChannel[] }) {
  const { t } = useI18n();
  const [test, setTest] = useState<Test>({ state: 'idle' });
  const send = () => {
    setTest({ state: 'sending' });
    sendTestMessage().then(
      (answer) => setTest({ state: 'done', results: answer.results }),
      (error: unknown) =>
        setTest({ state: 'failed', error: error instanceof ApiError ? error.message : String(error) }),
    );
  };
  return (
    <Section title={t('alerts.Channels')}>
      {channels.length === 0 ? (
        <p>{t('alerts.NoChannels')}</p>
      ) : (
        <>
          <ul className="list-group mb-3">
            {channels.map((channel) => (
              <li key={channel.url} className="list-group-item text-break">
                <span className="badge text-bg-info">{t(KIND_NAME[channel.kind])}</span>{' '}
                <code>{channel.url}</code>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="btn btn-primary mb-3"
            disabled={test.state === 'sending'}
            onClick={send}
          >
            {test.state === 'sending' && (
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            )}
            {t('alerts.SendTest')}
          </button>
        </>
      )}
      {/* Announced when the answers arrive: the receivers' words, one line per channel. */}
      <div aria-live="polite">
        {test.state === 'sending' && <p className="visually-hidden">{t('alerts.TestSending')}</p>}
        {test.state === 'done' && (
          <div className="card card-body" data-test-results="">
            <h3 className="h6">{t('alerts.TestResults')}</h3>
            <TestResults results={test.results} />
          </div>
        )}
      </div>
      {/* An alert announces itself. */}
      {test.state === 'failed' && (
        <Alert variant="danger">{t('alerts.TestNotSent', { error: test.error })}</Alert>
      )}
    </Section>
  );
}
