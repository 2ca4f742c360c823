import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nProvider } from '../../src/i18n/i18n-provider';

/** Renders `ui` inside the app's translations, as every screen is. */
export const renderWithTexts = (ui: ReactNode) => render(<I18nProvider>{ui}</I18nProvider>);
