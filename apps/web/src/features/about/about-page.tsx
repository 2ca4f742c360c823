import { PageFrame } from '../../components/page-frame';
import { useI18n } from '../../i18n/i18n-provider';

/** Each section's `about.` title key and body keys; the bodies carry their links as markup. */
const SECTIONS: [title: string, bodies: string[]][] = [
  ['Documentation', ['DocumentationBody']],
  ['ProjectOrigin', ['ProjectOriginBody1', 'ProjectOriginBody2']],
  ['NewsUpdates', ['NewsUpdatesBody']],
  ['ErrorReporting', ['ErrorReportingBody']],
  ['Discussion', ['DiscussionBody']],
];

/**
 * Where the project comes from and where to read, report and talk about it: five
 * sections that behave as an accordion (opening one closes the one open before), built
 * on the browser's own disclosure element grouped by `name` (keyboard and screen reader
 * support included, no script, no CSS).
 */
export function AboutPage() {
  const { t, tm } = useI18n();
  return (
    <PageFrame title={t('about.AboutOpendtu')}>
      {SECTIONS.map(([title, bodies], index) => (
        <details className="card mb-2 about-section" key={title} name="about" open={index === 0}>
          <summary className="card-header">{t(`about.${title}`)}</summary>
          <div className="card-body pb-0">
            {bodies.map((body) => (
              <p key={body}>{tm(`about.${body}`)}</p>
            ))}
          </div>
        </details>
      ))}
    </PageFrame>
  );
}
