import { Button, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import {
  imageFileAccept,
  imageFormatNames,
  maxImageMegabytes,
  minImageSide,
  type ProviderImages,
} from '@opora/contracts';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '@/components/overlays/confirm.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { ProxiedImage } from '@/components/ui/proxied-image.tsx';
import { deleteLogo, refreshAfterImageChange, uploadLogo } from './images.ts';
import classes from './provider-images.module.css';
import { checkBeforeSending, type ImageProblem, problemOf } from './upload-checks.ts';

/** The logo's box on this screen (CSS pixels); the catalogue shows it smaller. */
const previewSize = 160;

/**
 * The provider's logo (issue 23 §5): a preview, upload or replace, remove. Self-contained for the
 * provider profile's information tab; administrators change it, everyone else sees it.
 */
export function ProviderLogoSection({
  providerId,
  providerName,
  images,
  canManage,
}: {
  providerId: string;
  providerName: string;
  images: ProviderImages;
  /** An administrator of the provider. */
  canManage: boolean;
}) {
  const { t } = useTranslation('provider-images');
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  const hintId = useId();
  const errorId = useId();
  const { logo } = images;

  const refresh = () => refreshAfterImageChange(queryClient, providerId);

  const upload = async (file: File | null) => {
    if (!file || busy) return;
    const early = checkBeforeSending(file);
    setProblem(early);
    if (early) return;
    setBusy('upload');
    try {
      await uploadLogo(providerId, file);
      await refresh();
      toast.success(t('logo.uploaded'));
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    const confirmed = await confirm({
      title: t('logo.removeTitle'),
      message: t('logo.removeMessage'),
      confirmLabel: t('logo.remove'),
      danger: true,
    });
    if (!confirmed) return;
    setBusy('remove');
    try {
      await deleteLogo(providerId);
      await refresh();
      toast.success(t('logo.removed'));
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby={`${hintId}-heading`}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={`${hintId}-heading`}>
          {t('logo.heading')}
        </Title>
        <div className={classes.logoBox} style={{ width: previewSize, height: previewSize }}>
          {logo ? (
            <ProxiedImage
              path={logo.path}
              alt={t('logo.alt', { name: providerName })}
              width={previewSize}
              height={previewSize}
              eager
            />
          ) : (
            <Text c="dimmed" size="sm" ta="center">
              {t('logo.none')}
            </Text>
          )}
        </div>
        {canManage ? (
          <>
            <Text size="sm" c="dimmed" id={hintId}>
              {t('logo.hint', {
                formats: imageFormatNames.join(', '),
                max: maxImageMegabytes,
                min: minImageSide.logo,
              })}
            </Text>
            <Group gap="sm">
              <FileButton onChange={(file) => void upload(file)} accept={imageFileAccept}>
                {(props) => (
                  <Button
                    {...props}
                    leftSection={<IconPhotoUp size={18} aria-hidden />}
                    loading={busy === 'upload'}
                    disabled={busy !== null}
                    aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
                  >
                    {logo ? t('logo.replace') : t('logo.upload')}
                  </Button>
                )}
              </FileButton>
              {logo ? (
                <Button
                  variant="default"
                  leftSection={<IconTrash size={18} aria-hidden />}
                  loading={busy === 'remove'}
                  disabled={busy !== null}
                  onClick={() => void remove()}
                >
                  {t('logo.remove')}
                </Button>
              ) : null}
            </Group>
            {problem ? (
              <Text c="red.8" size="sm" role="alert" id={errorId}>
                {t(`errors.${problem}`, { max: maxImageMegabytes, min: minImageSide.logo })}
              </Text>
            ) : null}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('logo.readOnly')}
          </Text>
        )}
      </Stack>
    </section>
  );
}
