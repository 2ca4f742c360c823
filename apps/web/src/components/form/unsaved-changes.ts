import { useEffect } from 'react';
import { useI18n } from '../../i18n/i18n-provider';

/**
 * While `active`, leaving the page asks first: closing or reloading the tab (the
 * browser's own question) and following a link inside the app (ours). Links are caught
 * in the capture phase, before the router sees the click.
 */
export function useUnsavedChangesGuard(active: boolean): void {
  const { t } = useI18n();
  const question = t('base.UnsavedChanges');
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent): void => event.preventDefault();
    const onClick = (event: MouseEvent): void => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!link || event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey) return;
      if (link.getAttribute('target') === '_blank' || link.hasAttribute('download')) return;
      if (!window.confirm(question)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [active, question]);
}
