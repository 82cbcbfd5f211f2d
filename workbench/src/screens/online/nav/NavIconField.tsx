import { Avatar, Button, CloseButton, FileButton, Group, Input, Text } from '@mantine/core';
import { NAV_ICON_DIR, NAV_LIMITS, type UploadConfig } from '@qcdesk/contracts';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useApi } from '../../../api/api-context';
import { call } from '../../../api/calls';
import { type ApiClient, ApiError, errorText } from '../../../api/client';
import { uploadFile } from '../../../api/upload-file';
import { useI18n } from '../../../i18n/locale-store';
import { storedFileUrl } from '../../../ui/ImageUploadField';
import { notifyWarning } from '../../../ui/notify';

/** One upload configuration per client (a session): every icon field of the editor shares it. */
const configs = new WeakMap<ApiClient, Promise<UploadConfig>>();

/**
 * The icons' upload configuration (spec §7: public read, 3600 s validity, a URL prefix for the stored paths, the
 * folder desk/csNav/image/), asked once per session; a failed ask is asked again next time.
 */
export function navUploadConfig(client: ApiClient): Promise<UploadConfig> {
  const known = configs.get(client);
  if (known) return known;
  const asked = call(client, '/v3/worker/center/upload/config', { query: { dir: NAV_ICON_DIR } });
  configs.set(client, asked);
  asked.catch(() => configs.delete(client));
  return asked;
}

/** The largest icon: the configuration's limit, never above the spec's 5 MB. */
export function iconMaxBytes(config: UploadConfig | null): number {
  return Math.min(config?.maxBytes ?? NAV_LIMITS.iconMaxBytes, NAV_LIMITS.iconMaxBytes);
}

const MB = 1024 * 1024;

/** The address an icon is shown from: the configuration's URL prefix before its stored path. */
export function useIconUrl(): (path: string | null | undefined) => string | null {
  const client = useApi();
  const [prefix, setPrefix] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    navUploadConfig(client)
      .then((config) => live && setPrefix(config.urlPrefix))
      .catch(() => {
        // the download route serves the same file: the icon still shows
      });
    return () => {
      live = false;
    };
  }, [client]);
  return (path) => {
    if (!path) return null;
    return prefix === null ? storedFileUrl(path) : `${prefix}${encodeURIComponent(path)}`;
  };
}

interface NavIconFieldProps {
  /** the stored path, null for none */
  value: string | null | undefined;
  onChange: (path: string | null) => void;
  disabled: boolean;
  error?: string | undefined;
  /** the item the icon belongs to (the picture's alt text) */
  itemName: string;
}

/**
 * A button's icon: its picture, an upload (the configuration first, then the file under desk/csNav/image/; a file
 * over 5 MB is refused with a warning before anything is sent) and a clear.
 */
export function NavIconField({ value, onChange, disabled, error, itemName }: NavIconFieldProps) {
  const { t, m } = useI18n();
  const client = useApi();
  const iconUrl = useIconUrl();
  const [uploading, setUploading] = useState(false);
  // a failed upload is said under the icon it was for
  const [failure, setFailure] = useState<string | null>(null);
  const upload = async (file: File | null) => {
    if (!file) return;
    setFailure(null);
    setUploading(true);
    try {
      const config = await navUploadConfig(client);
      const max = iconMaxBytes(config);
      if (file.size > max) {
        // the spec's upload-limit warning, before anything is sent
        notifyWarning(m('nav.icon.tooLarge', { maximum: max / MB }));
        return;
      }
      onChange((await uploadFile(file, config.dir)).path);
    } catch (caught) {
      setFailure(caught instanceof ApiError ? caught.message : errorText(caught));
    } finally {
      setUploading(false);
    }
  };
  return (
    <Input.Wrapper label={t('navEditor.icon')} error={failure ?? error}>
      <Group gap="xs" mt={2} wrap="nowrap">
        <Avatar src={iconUrl(value)} size={32} radius="sm" alt={itemName} color="blue">
          <IconPhoto size={16} />
        </Avatar>
        {!disabled && (
          <FileButton
            onChange={(file) => void upload(file)}
            accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
          >
            {(props) => (
              <Button {...props} variant="default" size="compact-xs" loading={uploading}>
                {t('navEditor.iconUpload')}
              </Button>
            )}
          </FileButton>
        )}
        {value && !disabled && (
          <CloseButton size="sm" aria-label={t('navEditor.iconRemove')} onClick={() => onChange(null)} />
        )}
        <Text size="xs" c="dimmed">
          {t('navEditor.iconHint', { mb: NAV_LIMITS.iconMaxBytes / MB })}
        </Text>
      </Group>
    </Input.Wrapper>
  );
}
