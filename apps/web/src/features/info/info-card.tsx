import type { ReactNode } from 'react';
import { useApiData } from '../../api/use-api-data';
import { Card } from '../../components/card';
import { PageFrame } from '../../components/page-frame';
import { useI18n } from '../../i18n/i18n-provider';
import type { Params } from '../../i18n/runtime';

/** One fact: the label's translation key, the value, and the label's parameters. */
export type InfoFact = readonly [labelKey: string, value: ReactNode, labelParams?: Params];

/** A titled card around a table, the shape of every info page. */
export function InfoSection({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card title={title} body="table-responsive">
      {children}
    </Card>
  );
}

/** A card of label/value rows; `false` entries are left out (facts that do not apply). */
export function InfoCard({ title, facts }: { title: ReactNode; facts: readonly (InfoFact | false)[] }) {
  const { t } = useI18n();
  return (
    <InfoSection title={title}>
      <table className="table table-hover mb-0 info-table">
        <tbody>
          {facts.map(
            (fact, index) =>
              fact && (
                <tr key={index}>
                  <th scope="row">{t(fact[0], fact[2])}</th>
                  <td>{fact[1]}</td>
                </tr>
              ),
          )}
        </tbody>
      </table>
    </InfoSection>
  );
}

interface StateBadgeProps {
  on: boolean;
  onText: string;
  offText: string;
  /** 'secondary' for a setting that may well be off; 'danger' for a state that should be on. */
  offVariant?: 'danger' | 'secondary';
}

/** A yes/no state as a coloured badge that also says it in words. */
export function StateBadge({ on, onText, offText, offVariant = 'danger' }: StateBadgeProps) {
  return <span className={`badge text-bg-${on ? 'success' : offVariant}`}>{on ? onText : offText}</span>;
}

/**
 * An info page: its status asked when it opens and on reload (`load` must be stable), and
 * the cards drawn from it once it came.
 */
export function InfoPage<T>({
  title,
  load,
  children,
}: {
  title: string;
  load: (signal: AbortSignal) => Promise<T>;
  children: (status: T) => ReactNode;
}) {
  const { data, isLoading, reload } = useApiData(load);
  return (
    <PageFrame title={title} isLoading={isLoading && !data} onReload={reload}>
      {data && children(data)}
    </PageFrame>
  );
}
