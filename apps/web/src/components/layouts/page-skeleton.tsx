import { Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Container } from '@/components/ui/container.tsx';
import { useRouteHandle } from '@/lib/route-handle.ts';
import classes from './layouts.module.css';

/**
 * What a page's place in its layout shows until the page is entered (its code, its translations and
 * the navigation guard, which may load the session): the layout around it (header, footer) is already
 * drawn by the root route, so the first paint is the frame, not an empty screen. A screen tall, so
 * the footer starts below the fold and nothing visible moves when the page arrives.
 */
export function PageSkeleton() {
  const { t } = useTranslation();
  const layout = useRouteHandle()?.layout ?? 'default';
  const blocks = (
    <div className={layout === 'centered' || layout === 'auth' ? classes.skeletonShort : classes.skeleton}>
      <Skeleton height={40} width="55%" />
      <Skeleton height={24} width="75%" />
      <Skeleton height={240} />
    </div>
  );
  return (
    <div aria-busy="true">
      <span role="status" className="visually-hidden">
        {t('loader.label')}
      </span>
      {/* The default layout's pages own their width (home's full-bleed sections); the others' layouts
          hold the container already. */}
      {layout === 'default' ? <Container className={classes.skeletonPage}>{blocks}</Container> : blocks}
    </div>
  );
}
