import { ActionIcon, Button, Card, FileButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  type FacilityPhoto,
  imageAltMaxLength,
  imageFileAccept,
  imageFormatNames,
  maxImageMegabytes,
  maxPhotosPerFacility,
  minImageSide,
  type ProviderImages,
} from '@opora/contracts';
import { IconArrowDown, IconArrowUp, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '@/components/overlays/confirm.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { ProxiedImage } from '@/components/ui/proxied-image.tsx';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import { deletePhoto, orderPhotos, refreshAfterImageChange, savePhotoAlt, uploadPhoto } from './images.ts';
import classes from './provider-images.module.css';
import { checkBeforeSending, type ImageProblem, problemOf } from './upload-checks.ts';

type Facility = ProviderImages['facilities'][number];

/** A photo's preview box (CSS pixels, 4:3). */
const preview = { width: 240, height: 180 };
const altLocales = ['cs', 'sk', 'en'] as const;

/**
 * A facility's photos (issue 23 §5): add several at once, alt text in each language, order, remove.
 * Self-contained for the facility's information tab; administrators and coordinators change them.
 */
export function FacilityPhotosSection({
  providerId,
  facility,
  canManage,
  headingOrder = 2,
}: {
  providerId: string;
  facility: Facility;
  /** An administrator or coordinator of the provider. */
  canManage: boolean;
  headingOrder?: 2 | 3;
}) {
  const { t } = useTranslation('provider-images');
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(0);
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  const headingId = useId();
  const hintId = useId();
  const errorId = useId();
  const { photos } = facility;
  const room = maxPhotosPerFacility - photos.length;

  const refresh = () => refreshAfterImageChange(queryClient, providerId);

  const upload = async (files: File[]) => {
    if (files.length === 0 || uploading > 0) return;
    setProblem(null);
    const chosen = files.slice(0, Math.max(room, 0));
    if (files.length > chosen.length) setProblem('tooMany');
    const early = chosen.map(checkBeforeSending).find((each) => each !== null);
    if (early) {
      setProblem(early);
      return;
    }
    setUploading(chosen.length);
    let stored = 0;
    for (const file of chosen) {
      try {
        await uploadPhoto(providerId, facility.id, crypto.randomUUID(), file);
        stored += 1;
      } catch (error) {
        setProblem(problemOf(error));
        break;
      } finally {
        setUploading((count) => count - 1);
      }
    }
    setUploading(0);
    await refresh();
    if (stored > 0) toast.success(t('photos.uploaded', { count: stored }));
  };

  const move = async (index: number, by: -1 | 1) => {
    const ids = photos.map((photo) => photo.id);
    const [moved] = ids.splice(index, 1);
    if (!moved) return;
    ids.splice(index + by, 0, moved);
    try {
      await orderPhotos(providerId, facility.id, ids);
    } catch (error) {
      setProblem(problemOf(error));
    }
    await refresh();
  };

  const remove = async (photo: FacilityPhoto) => {
    const confirmed = await confirm({
      title: t('photos.removeTitle'),
      message: t('photos.removeMessage', { facility: facility.name }),
      confirmLabel: t('photos.remove'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await deletePhoto(providerId, facility.id, photo.id);
      toast.success(t('photos.removed'));
    } catch (error) {
      setProblem(problemOf(error));
    }
    await refresh();
  };

  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={headingOrder} size="h3" id={headingId}>
          {t('photos.heading')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('photos.count', { count: photos.length, max: maxPhotosPerFacility })}
        </Text>
        {photos.length === 0 ? <Text>{t('photos.none')}</Text> : null}
        {photos.length > 0 ? (
          <ul className={classes.photoGrid}>
            {photos.map((photo, index) => (
              <li key={photo.id}>
                <PhotoCard
                  providerId={providerId}
                  facility={facility}
                  photo={photo}
                  position={index + 1}
                  canManage={canManage}
                  first={index === 0}
                  last={index === photos.length - 1}
                  onMove={(by) => void move(index, by)}
                  onRemove={() => void remove(photo)}
                  onSaved={() => void refresh()}
                />
              </li>
            ))}
          </ul>
        ) : null}
        {canManage ? (
          <>
            <Text size="sm" c="dimmed" id={hintId}>
              {t('photos.hint', {
                formats: imageFormatNames.join(', '),
                max: maxImageMegabytes,
                min: minImageSide.photo,
                count: maxPhotosPerFacility,
              })}
            </Text>
            <Group>
              <FileButton multiple onChange={(files) => void upload(files)} accept={imageFileAccept}>
                {(props) => (
                  <Button
                    {...props}
                    leftSection={<IconPhotoPlus size={18} aria-hidden />}
                    loading={uploading > 0}
                    disabled={room <= 0 || uploading > 0}
                    aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
                  >
                    {t('photos.add')}
                  </Button>
                )}
              </FileButton>
            </Group>
            {problem ? (
              <Text c="red.8" size="sm" role="alert" id={errorId}>
                {t(`errors.${problem}`, {
                  max: maxImageMegabytes,
                  min: minImageSide.photo,
                  count: maxPhotosPerFacility,
                })}
              </Text>
            ) : null}
          </>
        ) : null}
      </Stack>
    </section>
  );
}

function PhotoCard({
  providerId,
  facility,
  photo,
  position,
  canManage,
  first,
  last,
  onMove,
  onRemove,
  onSaved,
}: {
  providerId: string;
  facility: Facility;
  photo: FacilityPhoto;
  position: number;
  canManage: boolean;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('provider-images');
  const { locale } = useLocale();
  const [alt, setAlt] = useState({ cs: photo.alt.cs ?? '', sk: photo.alt.sk ?? '', en: photo.alt.en ?? '' });
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const label = t('photos.photoOf', { position, facility: facility.name });
  const shownAlt = photo.alt[locale] ?? label;

  const save = async () => {
    setSaving(true);
    setFailed(false);
    try {
      await savePhotoAlt(providerId, facility.id, photo.id, { alt });
      toast.success(t('photos.altSaved'));
      onSaved();
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="sm">
      <Stack gap="xs">
        <div className={classes.photoBox}>
          <ProxiedImage
            path={photo.image.path}
            alt={shownAlt}
            width={preview.width}
            height={preview.height}
          />
        </div>
        {canManage ? (
          <>
            {altLocales.map((each) => (
              <TextInput
                key={each}
                label={t(`photos.altLabel.${each}`)}
                value={alt[each]}
                maxLength={imageAltMaxLength}
                onChange={(event) => {
                  const { value } = event.currentTarget;
                  setAlt((current) => ({ ...current, [each]: value }));
                }}
              />
            ))}
            {failed ? (
              <Text c="red.8" size="sm" role="alert">
                {t('errors.altFailed')}
              </Text>
            ) : null}
            <Group justify="space-between" gap="xs">
              <Button size="sm" variant="light" loading={saving} onClick={() => void save()}>
                {t('photos.saveAlt')}
              </Button>
              <Group gap={4}>
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  disabled={first}
                  onClick={() => onMove(-1)}
                  aria-label={t('photos.moveEarlier', { label })}
                >
                  <IconArrowUp size={18} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  disabled={last}
                  onClick={() => onMove(1)}
                  aria-label={t('photos.moveLater', { label })}
                >
                  <IconArrowDown size={18} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  size="lg"
                  onClick={onRemove}
                  aria-label={t('photos.removeOne', { label })}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
