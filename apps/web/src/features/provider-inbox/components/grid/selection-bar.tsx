import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Selection, type SelectionMode, selectedCount } from '../../utils/selection.ts';
import classes from '../provider-inbox.module.css';

/**
 * SPEC §2's selection modes, each offering the others and a way out: some rows → the whole page or every
 * matching record; the whole page → every matching record; every matching record → this page only.
 */
export function SelectionBar({
  mode,
  selection,
  pageIds,
  total,
  totalText,
  onChange,
}: {
  mode: SelectionMode;
  selection: Selection;
  pageIds: readonly string[];
  /** How many match (`total`, counted up to a limit), and as the grid says it: "více než 1 000". */
  total: number;
  totalText: string;
  onChange: (selection: Selection) => void;
}) {
  const { t } = useTranslation('provider');
  if (mode === 'none') return null;
  const count = selectedCount(selection, total);
  const wholePage = () => onChange({ kind: 'rows', ids: [...pageIds] });
  const allMatching = () => onChange({ kind: 'matching' });
  const clear = () => onChange({ kind: 'none' });
  return (
    // A polite live region: a screen reader hears what is selected after each tick.
    <div className={classes.selectionBanner} role="status">
      <Text fw={600}>
        {mode === 'some'
          ? t('selection.some', { count })
          : mode === 'page'
            ? t('selection.page', { count: pageIds.length })
            : t('selection.matching', { count: totalText })}
      </Text>
      {mode === 'some' && pageIds.length > 0 ? (
        <Button variant="subtle" size="compact-md" onClick={wholePage}>
          {t('selection.selectWholePage')}
        </Button>
      ) : null}
      {mode !== 'matching' && total > count ? (
        <Button variant="subtle" size="compact-md" onClick={allMatching}>
          {t('selection.selectAllMatching', { count: totalText })}
        </Button>
      ) : null}
      {mode === 'matching' && total > pageIds.length ? (
        <Button variant="subtle" size="compact-md" onClick={wholePage}>
          {t('selection.onlyThisPage')}
        </Button>
      ) : null}
      <Button variant="subtle" size="compact-md" color="red.8" onClick={clear}>
        {t('selection.clear')}
      </Button>
    </div>
  );
}
