import { pageTitle, productName } from '@opora/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteHandle } from './route-handle.ts';

function descriptionElement(): HTMLMetaElement {
  const existing = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (existing) return existing;
  const created = document.createElement('meta');
  created.name = 'description';
  document.head.append(created);
  return created;
}

/** Page title `{title} - Opora` and the meta description of the current route, in the current language. */
export function useDocumentMeta(handle: RouteHandle | undefined): void {
  const { t, i18n } = useTranslation();
  const title = handle ? t(handle.title) : productName;
  const description = t(handle?.description ?? 'routes.default.description');

  useEffect(() => {
    document.title = handle ? pageTitle(title) : productName;
    descriptionElement().content = description;
  }, [handle, title, description, i18n.language]);
}
