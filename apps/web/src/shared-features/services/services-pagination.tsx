import { Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The pages of a list of services, as a named navigation; nothing when there is one page. */
export function ServicesPagination({
  page,
  total,
  pageSize,
  onChange,
}: {
  page: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
}) {
  const { t } = useTranslation('catalogue');
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('list.pagination.label')}>
      <Pagination
        total={pages}
        value={page}
        onChange={onChange}
        withEdges
        siblings={1}
        getItemProps={(item) => ({
          'aria-label': t('list.pagination.page', { page: item }),
          ...(item === page ? { 'aria-current': 'page' } : {}),
        })}
        getControlProps={(control) => ({ 'aria-label': t(`list.pagination.${control}`) })}
      />
    </nav>
  );
}
