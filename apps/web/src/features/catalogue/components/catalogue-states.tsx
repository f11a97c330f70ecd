import { Button } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotFoundState } from '@/components/ui/page-states.tsx';
import { paths } from '@/config/paths.ts';

/** A page whose subject does not exist: says so in words and offers the way on. */
export function MissingState({ title, text, actions }: { title: string; text: string; actions?: ReactNode }) {
  const { t } = useTranslation('catalogue');
  return (
    <NotFoundState title={title} text={text}>
      {actions}
      <Button
        component={Link}
        to={paths.home.getHref()}
        variant="default"
        leftSection={<IconHome size={20} aria-hidden />}
      >
        {t('list.notFound.home')}
      </Button>
    </NotFoundState>
  );
}
