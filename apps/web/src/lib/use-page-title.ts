import { pageTitle } from '@opora/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Puts a name the route's static title cannot know (a region, a service) into the document title.
 * The shell's `useDocumentMeta` writes the static title in the same commit (parents' effects run
 * after children's), so this writes once that has happened; the next route's title replaces it.
 */
export function usePageTitle(title: string | null): void {
  // The shell rewrites its title on a language change even when this one reads the same.
  const { i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    void language;
    if (!title) return;
    const timer = window.setTimeout(() => {
      document.title = pageTitle(title);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [title, language]);
}
