import { type RenderResult, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AppProvider } from '@/app/provider.tsx';
import { i18n, initI18n } from '@/lib/i18n/i18n.ts';

/** Renders inside the real app provider (theme, translations, query cache, overlays), Czech. */
export async function renderWithApp(ui: ReactNode): Promise<RenderResult> {
  if (!i18n.isInitialized) await initI18n('cs');
  return render(
    <AppProvider i18n={i18n} env="test">
      {ui}
    </AppProvider>,
  );
}
