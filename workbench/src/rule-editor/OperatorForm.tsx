import { Group, MultiSelect, NumberInput, SimpleGrid, Switch, TagsInput, TextInput } from '@mantine/core';
import { MODEL_LABELS, OperatorType } from '@qcdesk/contracts';
import { useState } from 'react';
import { useI18n } from '../i18n/locale-store';
import type { OperatorDraft, OperatorParam } from './draft';
import { splitKeywords } from './draft';
import { numberOrNull } from './number-value';
import { useFieldError } from './problem-context';

interface Props {
  operator: OperatorDraft;
  /** field prefix, e.g. `conditions.0.operators.0` */
  field: string;
  onChange: (operator: OperatorDraft) => void;
}

/** The parameter form of one operator, with the spec's limits (counters ≥ 0, nth hit ≥ 1, similarity ranges). */
export function OperatorForm({ operator, field, onChange }: Props) {
  const { t, label } = useI18n();
  const p = operator.param;
  const set = (change: OperatorParam) => onChange({ ...operator, param: { ...p, ...change } });
  const f = (name: string) => `${field}.param.${name}`;
  const nameError = useFieldError(`${field}.name`);

  return (
    <div>
      <Group gap="xs" mb="xs" align="flex-end">
        <TextInput
          label={t('param.name')}
          placeholder={label(OperatorType, operator.type)}
          value={operator.name}
          error={nameError}
          onChange={(e) => onChange({ ...operator, name: e.currentTarget.value })}
          w={240}
        />
      </Group>
      {renderParams()}
    </div>
  );

  function renderParams() {
    switch (operator.type) {
      case 'HIT_ANY_KEYWORDS':
      case 'INCLUDE_KEYWORDS':
      case 'NCLUDE_KEYWORDS':
        return (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <WordListInput
              label={t('param.keywords')}
              hint={t('param.keywordsHint')}
              field={f('keywords')}
              value={p.keywords}
              onChange={(keywords) => set({ keywords })}
            />
            {operator.type === 'NCLUDE_KEYWORDS' && (
              <Counter
                label={t('param.keywordMatchSize')}
                field={f('keywordMatchSize')}
                value={p.keywordMatchSize}
                min={0}
                onChange={(keywordMatchSize) => set({ keywordMatchSize })}
              />
            )}
            <Counter
              label={t('param.threshold')}
              field={f('threshold')}
              value={p.threshold}
              min={0}
              onChange={(threshold) => set({ threshold })}
            />
            <Switch
              mt="lg"
              label={t('param.inSentence')}
              checked={p.inSentence === true}
              onChange={(e) => set({ inSentence: e.currentTarget.checked })}
            />
          </SimpleGrid>
        );
      case 'EXCLUDE_KEYWORDS':
        return (
          <WordListInput
            label={t('param.keywords')}
            hint={t('param.keywordsHint')}
            field={f('keywords')}
            value={p.keywords}
            onChange={(keywords) => set({ keywords })}
          />
        );
      case 'SIMILAR_MATCH':
        return (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <WordListInput
              label={t('param.phrases')}
              hint={t('param.phrasesHint')}
              field={f('phrases')}
              value={p.phrases}
              onChange={(phrases) => set({ phrases })}
            />
            <Counter
              label={t('param.similarity')}
              field={f('similarity')}
              value={p.similarity}
              min={0}
              max={100}
              onChange={(similarity) => set({ similarity })}
            />
          </SimpleGrid>
        );
      case 'REGULAR_EXPRESSION':
        return <RegexParams p={p} set={set} f={f} />;
      case 'ADVANCED_REPEAT_DETECT':
        return (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Counter
              label={t('param.window')}
              field={f('window')}
              value={p.window}
              min={0}
              onChange={(window) => set({ window })}
            />
            <Counter
              label={t('param.repeatSimilarity')}
              field={f('similarity')}
              value={p.similarity}
              min={0.1}
              max={1}
              step={0.1}
              decimals={1}
              onChange={(similarity) => set({ similarity })}
            />
            <Counter
              label={t('param.hitTime')}
              field={f('hitTime')}
              value={p.hitTime}
              min={1}
              onChange={(hitTime) => set({ hitTime })}
            />
            <Counter
              label={t('param.minWordSize')}
              field={f('minWordSize')}
              value={p.minWordSize}
              min={0}
              onChange={(minWordSize) => set({ minWordSize })}
            />
            <ExceptionsInput
              field={f('exceptions')}
              value={p.exceptions}
              onChange={(exceptions) => set({ exceptions })}
            />
          </SimpleGrid>
        );
      case 'CUSTOMER_CHECK_MODEL':
      case 'ABUSE_MODEL':
        return <ModelTypes type={operator.type} p={p} set={set} f={f} />;
    }
  }
}

interface ParamProps {
  p: OperatorParam;
  set: (change: OperatorParam) => void;
  f: (name: string) => string;
}

function RegexParams({ p, set, f }: ParamProps) {
  const { t } = useI18n();
  const regexError = useFieldError(f('regex'));
  const notRegexError = useFieldError(f('notRegex'));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label={t('param.regex')}
        value={typeof p.regex === 'string' ? p.regex : ''}
        error={regexError}
        ff="monospace"
        onChange={(e) => set({ regex: e.currentTarget.value })}
      />
      <TextInput
        label={t('param.notRegex')}
        value={typeof p.notRegex === 'string' ? p.notRegex : ''}
        error={notRegexError}
        ff="monospace"
        onChange={(e) => set({ notRegex: e.currentTarget.value === '' ? null : e.currentTarget.value })}
      />
      <Switch
        label={t('param.caseSensitive')}
        checked={p.caseSensitive === true}
        onChange={(e) => set({ caseSensitive: e.currentTarget.checked })}
      />
    </SimpleGrid>
  );
}

function ModelTypes({ type, p, set, f }: ParamProps & { type: OperatorDraft['type'] }) {
  const { t, options } = useI18n();
  const error = useFieldError(f('types'));
  const data = type === 'ABUSE_MODEL' ? options(MODEL_LABELS.ABUSE_MODEL) : options(MODEL_LABELS.CUSTOMER_CHECK_MODEL);
  return (
    <MultiSelect
      label={t('param.types')}
      data={data}
      value={Array.isArray(p.types) ? (p.types as string[]) : []}
      error={error}
      onChange={(types) => set({ types })}
    />
  );
}

/** Comma-separated words: the text stays as typed, the parameter holds the split list. */
function WordListInput({
  label,
  hint,
  field,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  field: string;
  value: unknown;
  onChange: (words: string[]) => void;
}) {
  const [text, setText] = useState(() => (Array.isArray(value) ? value.join(', ') : ''));
  const error = useFieldError(field);
  return (
    <TextInput
      label={label}
      description={hint}
      value={text}
      error={error}
      onChange={(e) => {
        setText(e.currentTarget.value);
        onChange(splitKeywords(e.currentTarget.value));
      }}
    />
  );
}

/** Repeat exceptions: one phrase per Enter (qc-area §5), so commas stay inside a phrase. */
function ExceptionsInput({
  field,
  value,
  onChange,
}: {
  field: string;
  value: unknown;
  onChange: (exceptions: string[]) => void;
}) {
  const { t } = useI18n();
  const error = useFieldError(field);
  return (
    <TagsInput
      label={t('param.exceptions')}
      description={t('param.exceptionsHint')}
      splitChars={[]}
      value={Array.isArray(value) ? (value as string[]) : []}
      error={error}
      onChange={(list) => onChange(list.map((s) => s.trim()).filter((s) => s !== ''))}
    />
  );
}

export function Counter({
  label,
  field,
  value,
  min,
  max,
  step,
  decimals,
  onChange,
}: {
  label: string;
  field: string;
  value: unknown;
  min: number;
  max?: number;
  step?: number;
  decimals?: number;
  onChange: (value: number | null) => void;
}) {
  const error = useFieldError(field);
  return (
    <NumberInput
      label={label}
      value={typeof value === 'number' ? value : ''}
      min={min}
      max={max}
      step={step ?? 1}
      allowDecimal={decimals !== undefined}
      decimalScale={decimals}
      allowNegative={min < 0}
      clampBehavior="strict"
      error={error}
      onChange={(v) => onChange(numberOrNull(v))}
    />
  );
}
