import { pageTitle, productName } from '@opora/contracts';
import type { ParseKeys } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { pageTitleKey, type RouteHandle, titledRoute } from '@/lib/route-handle.ts';

type DescribedName<Key> = Key extends `routes.${infer Name}.description` ? Name : never;
type DescriptionKey = `routes.${DescribedName<ParseKeys<'common'>>}.description`;

function descriptionElement(): HTMLMetaElement {
  const existing = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (existing) return existing;
  const created = document.createElement('meta');
  created.name = 'description';
  document.head.append(created);
  return created;
}

/**
 * Page title `{title} - Opora` and the meta description of the current route, in the current
 * language: the route's own description (`routes.<name>.description`) where the translations have one,
 * else the product description.
 */
export function useDocumentMeta(handle: RouteHandle | undefined): void {
  const { t, i18n } = useTranslation();
  const title = handle ? t(pageTitleKey(handle)) : productName;
  const own = handle?.name && `routes.${titledRoute(handle)}.description`;
  const description = t(own && i18n.exists(own) ? (own as DescriptionKey) : 'routes.default.description');

  useEffect(() => {
    document.title = handle ? pageTitle(title) : productName;
    descriptionElement().content = description;
  }, [handle, title, description, i18n.language]);
}
