import type { ApiResponse, InverterListEntry, InverterListResponse } from '@opendtu/api';
import { useCallback, useRef, useState } from 'react';
import {
  addInverter,
  deleteInverter,
  editInverter,
  getInverterList,
  orderInverters,
} from '../../api/inverter';
import { useApiData } from '../../api/use-api-data';
import { ApiAlert } from '../../components/api-alert';
import { FormCard } from '../../components/form/form-layout';
import { useUnsavedChangesGuard } from '../../components/form/unsaved-changes';
import { PageFrame } from '../../components/page-frame';
import { useI18n } from '../../i18n/i18n-provider';
import { AddInverterForm } from './add-inverter-form';
import { DeleteInverterDialog } from './delete-inverter-dialog';
import { EditInverterDialog } from './edit-inverter-dialog';
import { InverterList } from './inverter-list';
import { byOrder, moveItem } from './rules';

/** A reordering not yet saved, tied to the list it was made on. */
interface Draft {
  from: InverterListResponse;
  rows: InverterListEntry[];
}

/**
 * /settings/inverter: add, list, reorder, edit and delete inverters. Every write is
 * followed by a reload of the list and the device's answer as an alert (spec §4).
 */
export function InvertersPage() {
  const { t } = useI18n();
  const load = useCallback((signal: AbortSignal) => getInverterList({ signal }), []);
  const { data, isLoading, reload } = useApiData(load);
  const [draft, setDraft] = useState<Draft>();
  const [answer, setAnswer] = useState<{ response: ApiResponse; seq: number }>();
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<InverterListEntry>();
  const [deleting, setDeleting] = useState<InverterListEntry>();
  const [announcement, setAnnouncement] = useState('');
  const answerRef = useRef<HTMLDivElement>(null);

  const saved = data ? byOrder(data.inverter) : [];
  const rows = draft && draft.from === data ? draft.rows : saved;
  const orderChanged = rows.some((row, index) => row.id !== saved[index]?.id);
  useUnsavedChangesGuard(orderChanged);

  /** One write: the answer is shown whatever it is, and the list is read again. */
  async function write(call: () => Promise<ApiResponse>): Promise<ApiResponse | undefined> {
    setBusy(true);
    try {
      const response = await call();
      setAnswer((previous) => ({ response, seq: (previous?.seq ?? 0) + 1 }));
      requestAnimationFrame(() => answerRef.current?.scrollIntoView?.({ block: 'nearest' }));
      return response;
    } catch {
      return undefined; // the client has already led to the login or the Error screen
    } finally {
      setBusy(false);
      reload();
    }
  }

  const move = (from: number, to: number) => {
    if (!data) return;
    setDraft({ from: data, rows: moveItem(rows, from, to) });
  };

  return (
    <PageFrame title={t('inverteradmin.InverterSettings')} isLoading={isLoading && !data} onReload={reload}>
      <div ref={answerRef}>
        {answer && (
          <ApiAlert key={answer.seq} response={answer.response} onClose={() => setAnswer(undefined)} />
        )}
      </div>
      <FormCard title={t('inverteradmin.AddInverter')}>
        <AddInverterForm busy={busy} onAdd={(request) => write(() => addInverter(request))} />
      </FormCard>
      <InverterList
        rows={rows}
        isLoading={isLoading}
        busy={busy}
        orderChanged={orderChanged}
        move={move}
        onMoved={(inverter, index) =>
          setAnnouncement(
            t('inverteradmin.Moved', { name: inverter.name, position: index + 1, count: rows.length }),
          )
        }
        onEdit={setEditing}
        onDelete={setDeleting}
        onSaveOrder={() => void write(() => orderInverters({ order: rows.map((row) => String(row.id)) }))}
      />
      <div className="visually-hidden" aria-live="assertive" aria-atomic="true">
        {announcement}
      </div>
      {editing && (
        <EditInverterDialog
          key={editing.id}
          inverter={editing}
          onClose={() => setEditing(undefined)}
          onSave={async (request) => {
            const response = await write(() => editInverter(request));
            if (response?.type === 'success') setEditing(undefined);
            return response;
          }}
        />
      )}
      {deleting && (
        <DeleteInverterDialog
          inverter={deleting}
          busy={busy}
          onClose={() => setDeleting(undefined)}
          onConfirm={() => {
            const { id } = deleting;
            setDeleting(undefined);
            void write(() => deleteInverter({ id }));
          }}
        />
      )}
    </PageFrame>
  );
}
