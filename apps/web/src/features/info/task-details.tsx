import type { TaskDetail } from '@opendtu/api';
import { useI18n } from '../../i18n/i18n-provider';
import { formatBytes } from '../../lib/format';
import { InfoSection } from './info-card';
import { TableHead } from '../../components/table-head';

/** "PM:HTTP+JSON" -> "taskdetails.Task_pmhttpjson", the pack's key for the task. */
const taskKey = (name: string) => `taskdetails.Task_${name.toLowerCase().replace(/[^a-z0-9]/g, '')}`;

/** The firmware's tasks with the stack they never touched (a low value warns of overflow). */
export function TaskDetails({ tasks }: { tasks: TaskDetail[] }) {
  const { t, has, locale } = useI18n();
  return (
    <InfoSection title={t('taskdetails.TaskDetails')}>
      <table className="table table-hover mb-0">
        <TableHead
          columns={[
            [t('taskdetails.Name')],
            [t('taskdetails.StackFree'), 'text-end'],
            [t('taskdetails.Priority'), 'text-end'],
          ]}
        />
        <tbody>
          {tasks.map((task) => (
            <tr key={task.name}>
              <th scope="row" className="fw-normal">
                <code>{task.name}</code>
                {has(taskKey(task.name)) && (
                  <span className="d-block small text-body-secondary">{t(taskKey(task.name))}</span>
                )}
              </th>
              <td className="text-end text-nowrap">{formatBytes(locale, task.stack_watermark)}</td>
              <td className="text-end">{task.priority}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </InfoSection>
  );
}
