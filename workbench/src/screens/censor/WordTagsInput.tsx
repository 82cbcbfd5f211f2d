import { TagsInput } from '@mantine/core';
import { CENSOR_WORD_LENGTH_MAX, CENSOR_WORDS_MAX } from '@qcdesk/contracts';
import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/locale-store';

/**
 * What ends a word while typing, and what separates the words of a pasted list: commas (also the full-width ，),
 * 、, semicolons and line ends, as word lists come from spreadsheets, chat and documents.
 */
export const WORD_SEPARATORS = [',', '，', '、', ';', '；', '\n', '\r', '\t'];

/** The words of a pasted or typed list: split at the separators, trimmed, blanks and repeats dropped (case aside). */
export function splitWords(text: string, current: readonly string[] = []): string[] {
  const words = [...current];
  const seen = new Set(current.map((w) => w.toLowerCase()));
  for (const part of text.split(new RegExp(`[${WORD_SEPARATORS.join('')}]`))) {
    const word = part.trim();
    if (word === '' || seen.has(word.toLowerCase())) continue;
    seen.add(word.toLowerCase());
    words.push(word);
  }
  return words;
}

/**
 * A list of words as tags: Enter or a separator adds the typed word, a pasted list becomes one tag per word
 * (repeats dropped, as the server would), and the count shows under the box.
 */
export function WordTagsInput({
  label,
  hint,
  value,
  onChange,
  error,
  disabled,
  withAsterisk,
}: {
  label: string;
  hint?: ReactNode;
  value: readonly string[];
  onChange: (words: string[]) => void;
  error?: string;
  disabled?: boolean;
  withAsterisk?: boolean;
}) {
  const { t } = useI18n();
  return (
    <TagsInput
      label={label}
      withAsterisk={withAsterisk}
      description={
        <>
          {hint}
          {hint ? ' · ' : ''}
          <span data-word-count={value.length}>{t('censorBan.wordCount', { count: value.length })}</span>
        </>
      }
      value={[...value]}
      // Mantine splits a paste at the separators too; every change is made a clean list again
      onChange={(words) => onChange(splitWords(words.join('\n')))}
      splitChars={WORD_SEPARATORS}
      maxTags={CENSOR_WORDS_MAX}
      error={error}
      disabled={disabled}
      clearable
      maxLength={CENSOR_WORD_LENGTH_MAX}
      styles={{ pillsList: { maxHeight: 220, overflowY: 'auto' } }}
    />
  );
}
