import { Avatar, Button, CloseButton, FileButton, Group, Input } from '@mantine/core';
import { useState } from 'react';
import { uploadFile } from '../api/upload-file';
import { useI18n } from '../i18n/locale-store';

/** A stored file's address (the download route serves an organisation's uploads by path). */
export function storedFileUrl(path: string): string {
  return `/v3/worker/center/download?path=${encodeURIComponent(path)}`;
}

interface Props {
  label: string;
  /** the stored path, '' for none */
  value: string;
  /** the upload folder (e.g. online/chatbot) */
  dir: string;
  error?: string | undefined;
  disabled?: boolean;
  withAsterisk?: boolean | undefined;
  onChange: (path: string) => void;
  /** a refused upload's message (the form shows it in its banner) */
  onError: (text: string) => void;
}

/** An image of a form (a chatbot's avatar): its preview, an upload button that stores the file and sets its path, a clear. */
export function ImageUploadField({ label, value, dir, error, disabled, withAsterisk, onChange, onError }: Props) {
  const { t } = useI18n();
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      onChange((await uploadFile(file, dir)).path);
    } catch (caught) {
      onError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setUploading(false);
    }
  };
  return (
    <Input.Wrapper label={label} error={error} withAsterisk={withAsterisk}>
      <Group gap="sm" mt={4}>
        <Avatar src={value ? storedFileUrl(value) : null} size={48} radius="xl" alt={label} />
        <FileButton
          onChange={(file) => void upload(file)}
          accept="image/png,image/jpeg,image/gif,image/webp"
          disabled={disabled}
        >
          {(props) => (
            <Button {...props} variant="default" size="xs" loading={uploading} disabled={disabled}>
              {t('common.uploadImage')}
            </Button>
          )}
        </FileButton>
        {value && !disabled && <CloseButton aria-label={t('common.removeImage')} onClick={() => onChange('')} />}
      </Group>
    </Input.Wrapper>
  );
}
