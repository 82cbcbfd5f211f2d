import type { WhyNot } from '@qcdesk/engine';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLocaleStore } from '../src/i18n/locale-store';
import { summariseConditions } from '../src/rule-editor/summary';
import { WhyNotView } from '../src/screens/replay/transcript/WhyNotView';
import { fakeClient, renderConsole } from './helpers';

/** Issue 15, defect 9: a model's labels are shown by their names (投诉, Sarcasm), never by their codes. */
const config = {
  conditions: [
    {
      cid: 'a',
      operators: [{ type: 'CUSTOMER_CHECK_MODEL', param: { types: ['COMPLAINT', 'QUESTIONING_SERVICE'] } }],
      checkRange: { role: 'CUSTOMER' },
    },
    { cid: 'b', operators: [{ type: 'ABUSE_MODEL', param: { types: ['SARCASM'] } }] },
  ],
  lambda: 'ALL',
};

const reason: WhyNot = {
  cid: 'a',
  stage: 'OPERATOR',
  zh: '算子未满足（标签 COMPLAINT、ABUSE）',
  en: 'operator not met (labels COMPLAINT, ABUSE)',
  nearestMiss: { operator: 'CUSTOMER_CHECK_MODEL', operatorIndex: 0, labels: ['COMPLAINT', 'ABUSE'], messagesTried: 4 },
};

describe('model labels by name', () => {
  it('in the rule popovers, in both languages', () => {
    const zh = summariseConditions(config as never, 'zh');
    expect(zh[0]).toContain('投诉、质疑服务');
    expect(zh[1]).toContain('讽刺');
    expect(zh.join(' ')).not.toMatch(/COMPLAINT|QUESTIONING_SERVICE|SARCASM/);
    expect(summariseConditions(config as never, 'en')[0]).toContain('Complaint, Questioning service');
  });

  it('in the replay’s why-not', () => {
    useLocaleStore.setState({ locale: 'zh' });
    renderConsole(<WhyNotView reason={reason} />, { client: fakeClient({}).client });
    const labels = within(screen.getByTestId('why-not-labels'));
    expect(labels.getByText('投诉')).toBeTruthy();
    expect(labels.getByText('辱骂')).toBeTruthy();
    expect(screen.getByTestId('why-not-labels').textContent).not.toMatch(/COMPLAINT|ABUSE/);
  });
});
