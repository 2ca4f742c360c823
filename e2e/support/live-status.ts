import type { Page } from '@playwright/test';

/** The navbar's live connection indicator as assistive technology finds it: active or lost. */
export const liveStatus = (page: Page) => ({
  online: page.getByRole('status', { name: 'Live connection active' }),
  offline: page.getByRole('status', { name: 'Live connection lost' }),
});
