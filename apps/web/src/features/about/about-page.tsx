import { PageFrame } from '../../components/page-frame';
import { useI18n } from '../../i18n/i18n-provider';

const FIRMWARE = 'https://github.com/tbnobody/OpenDTU';

interface Topic {
  titleKey: string;
  bodyKeys: string[];
  links: { labelKey: string; url: string }[];
}

const TOPICS: Topic[] = [
  {
    titleKey: 'about.Documentation',
    bodyKeys: ['about.DocumentationBody'],
    links: [{ labelKey: 'about.DocumentationLink', url: 'https://www.opendtu.solar' }],
  },
  {
    titleKey: 'about.ProjectOrigin',
    bodyKeys: ['about.ProjectOriginBody1', 'about.ProjectOriginBody2'],
    links: [{ labelKey: 'about.FirmwareSourceLink', url: FIRMWARE }],
  },
  {
    titleKey: 'about.NewsUpdates',
    bodyKeys: ['about.NewsUpdatesBody'],
    links: [{ labelKey: 'about.ReleasesLink', url: `${FIRMWARE}/releases` }],
  },
  {
    titleKey: 'about.ErrorReporting',
    bodyKeys: ['about.ErrorReportingBody'],
    links: [{ labelKey: 'about.IssuesLink', url: `${FIRMWARE}/issues` }],
  },
  {
    titleKey: 'about.Discussion',
    bodyKeys: ['about.DiscussionBody'],
    links: [{ labelKey: 'about.DiscussionsLink', url: `${FIRMWARE}/discussions` }],
  },
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
      {TOPICS.map((topic, index) => (
        <details className="card mb-2 about-section" key={topic.titleKey} name="about" open={index === 0}>
          <summary className="card-header">{t(topic.titleKey)}</summary>
          <div className="card-body">
            {topic.bodyKeys.map((key) => (
              <p key={key}>{tm(key)}</p>
            ))}
            <ul className="mb-0">
              {topic.links.map((link) => (
                <li key={link.url}>
                  <a href={link.url} target="_blank" rel="noopener noreferrer">
                    {t(link.labelKey)}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </details>
      ))}
    </PageFrame>
  );
}
