import { Alert, Button, NativeSelect, Skeleton } from '@mantine/core';
import type { RegionTree } from '@opora/contracts';
import { IconAlertTriangle, IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegions } from '@/features/regions/api/get-regions.ts';
import classes from './home.module.css';

function RegionPicker({ regions }: { regions: RegionTree }) {
  const { t } = useTranslation('home');
  const [selectedCode, setSelectedCode] = useState('');
  const selected = regions.find((region) => region.code === selectedCode);
  const countyCount = regions.reduce((sum, region) => sum + region.counties.length, 0);

  const groups = useMemo(
    () =>
      (['CZ', 'SK'] as const)
        .map((country) => ({
          group: t(`regionSearch.countries.${country}`),
          items: regions
            .filter((region) => region.country === country)
            .map((region) => ({ value: region.code, label: region.name })),
        }))
        .filter((group) => group.items.length > 0),
    [regions, t],
  );

  return (
    <div className={classes.stack}>
      <p className={classes.paragraph}>
        {t('regionSearch.coverage', {
          regions: t('regionSearch.regionCount', { count: regions.length }),
          counties: t('regionSearch.countyCount', { count: countyCount }),
        })}
      </p>
      {/* A native select: the phone's own picker, large targets and no extra code to download. */}
      <NativeSelect
        label={t('regionSearch.label')}
        data={[{ value: '', label: t('regionSearch.placeholder'), disabled: true }, ...groups]}
        value={selectedCode}
        onChange={(event) => setSelectedCode(event.currentTarget.value)}
        size="md"
      />
      {selected ? (
        <Alert color="opora" variant="light" icon={<IconInfoCircle aria-hidden />} role="status">
          <p className={classes.alertTitle}>
            {t('regionSearch.selected', {
              region: selected.name,
              counties: t('regionSearch.countyCount', { count: selected.counties.length }),
            })}
          </p>
          <p className={classes.paragraph}>{t('regionSearch.comingSoon')}</p>
        </Alert>
      ) : null}
    </div>
  );
}

/** The region picker with its loading, error and empty states. */
export function RegionSearchBody() {
  const { t } = useTranslation('home');
  const regions = useRegions();

  if (regions.isPending) {
    return (
      <div className={classes.stack} aria-busy="true">
        <span role="status" className="visually-hidden">
          {t('regionSearch.loading')}
        </span>
        <Skeleton height={20} width="70%" />
        <Skeleton height={18} width={80} />
        <Skeleton height={42} />
      </div>
    );
  }

  if (regions.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle aria-hidden />}
        title={t('regionSearch.error.title')}
      >
        <div className={classes.stack}>
          <p className={classes.paragraph}>{t('regionSearch.error.text')}</p>
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} aria-hidden />}
            loading={regions.isFetching}
            onClick={() => void regions.refetch()}
          >
            {t('regionSearch.error.retry')}
          </Button>
        </div>
      </Alert>
    );
  }

  if (regions.data.length === 0) {
    return <p className={classes.paragraph}>{t('regionSearch.empty')}</p>;
  }

  return <RegionPicker regions={regions.data} />;
}
