import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { type ProviderRequestPrintSection, providerRequestPrintSections } from '@opora/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailDialog } from '@/components/overlays/detail-dialog.tsx';
import { paths } from '@/config/paths.ts';

/** The print dialog (SPEC §3): which sections, then the print layout of just those. */
export function PrintDialog({
  opened,
  onClose,
  careRequestId,
}: {
  opened: boolean;
  onClose: () => void;
  careRequestId: string;
}) {
  const { t } = useTranslation('provider-request');
  const navigate = useNavigate();
  const [sections, setSections] = useState<string[]>([...providerRequestPrintSections]);
  const [tried, setTried] = useState(false);
  const chosen = providerRequestPrintSections.filter((section) => sections.includes(section));
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (chosen.length === 0) return;
    void navigate(paths.providerRequestPrint.getHref({ id: careRequestId }, { sections: chosen.join(',') }));
  };
  return (
    <DetailDialog opened={opened} onClose={onClose} title={t('print.title')}>
      <form noValidate onSubmit={submit}>
        <Stack gap="lg">
          <Checkbox.Group
            label={t('print.sections')}
            value={sections}
            onChange={setSections}
            error={tried && chosen.length === 0 ? t('print.none') : undefined}
          >
            <Stack gap="xs" mt="xs">
              {providerRequestPrintSections.map((section: ProviderRequestPrintSection) => (
                <Checkbox key={section} value={section} label={t(`print.sectionNames.${section}`)} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Text size="sm" c="dimmed">
            {t('print.hint')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('print.cancel')}
            </Button>
            <Button type="submit">{t('print.submit')}</Button>
          </Group>
        </Stack>
      </form>
    </DetailDialog>
  );
}
