import { Anchor } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A link to another site, opened in a new tab and announced as such. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useTranslation('catalogue');
  return (
    <Anchor href={href} target="_blank" rel="noopener">
      {children}
      <IconExternalLink size={16} aria-hidden style={{ marginLeft: 4, verticalAlign: 'text-top' }} />
      <span className="visually-hidden"> ({t('opensInNewTab')})</span>
    </Anchor>
  );
}
