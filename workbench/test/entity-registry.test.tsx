import { ROUTE_PERMISSIONS } from '@qcdesk/contracts';
import { describe, expect, it } from 'vitest';
import { findRoute, NAV } from '../src/app/route-table';
import { ENTITY_NAMES, ENTITY_REGISTRY } from '../src/entities/registry';

const access = (path: string) => (ROUTE_PERMISSIONS as Record<string, string>)[path];

describe('the entity registry', () => {
  it.each(ENTITY_NAMES)('%s: its list route has its title and needs the key of its /page call', (name) => {
    const { description } = ENTITY_REGISTRY[name];
    const route = findRoute(description.listPath);
    expect(route?.title).toBe(description.title);
    expect(route?.permission).toBe(access(`${description.api.base}/page`));
  });

  it('every screen of an entity opens with the key of the call it makes, over its list', () => {
    expect(findRoute('/qc/rule/create')?.permission).toBe('qc-rule.edit');
    expect(findRoute('/qc/rule/config')?.permission).toBe('qc-rule.view');
    expect(findRoute('/qc/ai-result/change')?.permission).toBe('qc-ai-result.edit');
    expect(findRoute('/qc/complaint/approve-ai')?.permission).toBe('qc-complaint.review');
    expect(findRoute('/qc/manual-result/assess')?.parent?.path).toBe('/qc/manual-result/list');
    // a complaint is filed from a result's detail, so the AI result list lies under it
    expect(findRoute('/qc/complaint/create')?.parent?.path).toBe('/qc/ai-result/list');
  });

  it('the QC side menu lists the overview, the entities in registry order, then the replays, each behind its view key', () => {
    const qc = NAV.find((area) => area.key === 'qc')!;
    expect(qc.entries.map((e) => [e.to.path, e.permission])).toEqual([
      ['/qc/overview', 'qc-ai-result.view'],
      ['/qc/scheme/list', 'qc-scheme.view'],
      ['/qc/rule/list', 'qc-rule.view'],
      ['/qc/ai-result/list', 'qc-ai-result.view'],
      ['/qc/manual-result/list', 'qc-manual-result.view'],
      ['/qc/complaint', 'qc-complaint.view'],
      ['/qc/task/list', 'qc-task.view'],
      ['/qc/replay', 'qc-rule.view'],
      ['/qc/replay/corpus', 'qc-rule.view'],
    ]);
    // the monitor area: the agent, group and queue monitors, each behind its own key
    expect(NAV.find((area) => area.key === 'monitor')!.entries.map((e) => [e.to.path, e.permission])).toEqual([
      ['/cs-agent-monitor/list', 'monitor-agent.view'],
      ['/cs-group-monitor/list', 'monitor-group.view'],
      ['/queue-monitor/list', 'monitor-queue.view'],
    ]);
  });
});
