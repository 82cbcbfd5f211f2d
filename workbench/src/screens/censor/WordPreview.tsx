import { Badge } from '@mantine/core';
import { type CensorBan, CensorTempType, LIMITS } from '@qcdesk/contracts';
import { useI18n } from '../../i18n/locale-store';
import { Folded } from '../../ui/display';

/**
 * A library's words in its list row: the first 20 (LIMITS.wordPreview) as tags, the rest behind +N. A system library
 * keeps no words of its own, so it shows its type (系统词库) rather than '--'.
 */
export function WordPreview({ library }: { library: Pick<CensorBan, 'words' | 'tempType'> }) {
  const { label } = useI18n();
  if (library.tempType === 'SYS_WORDS')
    return (
      <Badge variant="light" color="grape" tt="none">
        {label(CensorTempType, 'SYS_WORDS')}
      </Badge>
    );
  return (
    <Folded
      items={library.words}
      limit={LIMITS.wordPreview}
      render={(word, i) => (
        <Badge key={i} variant="outline" color="gray" tt="none" data-word>
          {word}
        </Badge>
      )}
    />
  );
}
