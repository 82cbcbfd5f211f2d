import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addIvrNode,
  csNavSaveSchema,
  defaultMenuName,
  defaultNavConfig,
  defaultTabName,
  findIvrPath,
  formatMessage,
  type IvrHotlineConfig,
  ivrHotlineConfigSchema,
  ivrNodeAt,
  moveIvrNode,
  NAV_DEFAULT_NAMES,
  NAV_DEFAULT_WELCOMES,
  NAV_LIMITS,
  newNavDraft,
  percentToWeight,
  removeIvrNode,
  updateIvrNode,
  weightToPercent,
} from '../src/index.js';
import { shown } from './helpers.js';

describe('GROUP weights: shown as 0..100 %, stored as a fraction (O-V29)', () => {
  it('a whole percent survives the trip to a fraction and back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), (percent) => {
        expect(weightToPercent(percentToWeight(percent))).toBe(percent);
      }),
    );
  });

  it('a percent with 2 decimals survives too', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (hundredths) => {
        const percent = hundredths / 100;
        expect(weightToPercent(percentToWeight(percent))).toBe(percent);
      }),
    );
  });

  it('a stored 2-decimal fraction is shown as a whole percent and stored again unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), (k) => {
        const weight = Number((k / 100).toFixed(2));
        expect(weightToPercent(weight)).toBe(k);
        expect(percentToWeight(weightToPercent(weight))).toBe(weight);
      }),
    );
  });

  it('converts the values a person reads', () => {
    expect(percentToWeight(29)).toBe(0.29);
    expect(percentToWeight(12.5)).toBe(0.125);
    expect(weightToPercent(0.07)).toBe(7);
    expect(weightToPercent(1)).toBe(100);
  });
});

describe('defaults of a new navigation (O-B11, O-V27)', () => {
  it('names tabs 标签-N and menus 菜单-N', () => {
    expect([defaultTabName(1), defaultTabName(5), defaultMenuName(2)]).toEqual(['标签-1', '标签-5', '菜单-2']);
  });

  it('has a name and welcome per kind; the skill-group welcome talks about human service', () => {
    expect(new Set(Object.values(NAV_DEFAULT_NAMES)).size).toBe(5);
    expect(NAV_DEFAULT_WELCOMES.SELF).toMatch(/帮/);
    expect(NAV_DEFAULT_WELCOMES.GROUP).toMatch(/人工/);
    expect(newNavDraft('GROUP')).toEqual({
      name: '技能组导航',
      type: 'ONLINE',
      kind: 'GROUP',
      welcome: NAV_DEFAULT_WELCOMES.GROUP,
      onlineConfig: { routes: [] },
    });
    expect(newNavDraft('IVR')).toMatchObject({ type: 'HOTLINE', hotlineConfig: defaultNavConfig('IVR') });
  });

  it('every default config is a valid save of its kind', () => {
    for (const kind of ['SELF', 'BOTTOM', 'SIDE', 'GROUP', 'IVR'] as const)
      expect(csNavSaveSchema.safeParse(newNavDraft(kind)).success, kind).toBe(true);
  });
});

describe('the save body per kind', () => {
  it('refuses more than 5 tabs, naming the tabs', () => {
    const tabs = Array.from({ length: NAV_LIMITS.tabsMax + 1 }, (_, i) => ({ name: defaultTabName(i + 1) }));
    expect(shown(csNavSaveSchema, { name: 'a', kind: 'SELF', onlineConfig: { tabs } }, 'en')).toEqual([
      ['onlineConfig.tabs', 'At most 5 tabs'],
    ]);
  });

  it('a change of the action clears what the old one needed, and a non-MENU item keeps no sub-menus', () => {
    const parsed = csNavSaveSchema.parse({
      name: 'a',
      kind: 'SELF',
      onlineConfig: {
        tabs: [
          {
            name: '标签-1',
            menus: [
              { name: '菜单-1', type: 'AGENT', params: { content: '旧文本' }, menus: [{ name: 'x', type: 'AGENT' }] },
            ],
          },
        ],
      },
    });
    expect(parsed.onlineConfig).toEqual({
      tabs: [{ name: '标签-1', menus: [{ name: '菜单-1', type: 'AGENT', params: {}, menus: [] }] }],
      buttons: [],
    });
  });
});

describe('the IVR tree helpers (O-B13)', () => {
  const tree = (): IvrHotlineConfig =>
    ivrHotlineConfigSchema.parse({
      ivrRoutes: [
        { key: 'a', name: '售前', nodes: [{ key: 'a1', name: '新品' }] },
        { key: 'b', name: '售后' },
      ],
      outScore: { key: 'OutScore', nodes: [{ key: 'o1', name: '满意' }] },
    });

  it('refuses to delete either score root, by path or by key, and leaves the tree as it was', () => {
    const config = tree();
    for (const at of [['InScore'] as const, ['OutScore'] as const, 'InScore', 'OutScore']) {
      const result = removeIvrNode(config, at);
      expect(result.ok).toBe(false);
      expect(result.config).toBe(config);
      expect(result.message).toBe('nav.ivr.rootFixed');
    }
  });

  it('deletes a node and everything under it: 删除成功; a missing one: 未找到该节点', () => {
    const config = tree();
    const removed = removeIvrNode(config, 'a');
    expect(removed.ok).toBe(true);
    expect(formatMessage(removed.message!, 'zh')).toBe('删除成功');
    expect(removed.config.ivrRoutes.map((n) => n.key)).toEqual(['b']);
    expect(config.ivrRoutes).toHaveLength(2);
    for (const at of ['a1', ['ivrRoutes', 5] as const, ['OutScore', 0, 3] as const]) {
      const missing = removeIvrNode(removed.config, at);
      expect(missing.ok).toBe(false);
      expect(formatMessage(missing.message!, 'zh')).toBe('未找到该节点');
    }
    expect(removeIvrNode(config, ['OutScore', 0])).toMatchObject({ ok: true, message: 'nav.ivr.removed' });
  });

  it('adds under a root or a node with a default name and a fresh key, and finds it again', () => {
    const added = addIvrNode(tree(), ['InScore']);
    expect(added).toMatchObject({ ok: true, path: ['InScore', 0] });
    const node = ivrNodeAt(added.config, ['InScore', 0]) as { key: string; name: string };
    expect(node.name).toBe('节点-1');
    expect(findIvrPath(added.config, node.key)).toEqual(['InScore', 0]);
    expect(new Set(['a', 'a1', 'b', 'o1'])).not.toContain(node.key);
    const child = addIvrNode(added.config, ['ivrRoutes', 0], { name: '旧品', dn: '8002' });
    expect(ivrNodeAt(child.config, ['ivrRoutes', 0, 1])).toMatchObject({ name: '旧品', dn: '8002', nodes: [] });
    expect(addIvrNode(tree(), ['ivrRoutes', 9]).message).toBe('nav.ivr.nodeMissing');
  });

  it('stops adding at the depth limit', () => {
    let config = defaultNavConfig('IVR');
    let path: readonly ['ivrRoutes', ...number[]] = ['ivrRoutes'];
    for (let level = 1; level <= NAV_LIMITS.ivrDepthMax; level++) {
      const added = addIvrNode(config, path);
      expect(added.ok, `level ${level}`).toBe(true);
      if (!added.ok) return;
      config = added.config;
      path = added.path as typeof path;
    }
    expect(addIvrNode(config, path)).toMatchObject({ ok: false, message: 'nav.ivr.tooDeep' });
    expect(ivrHotlineConfigSchema.safeParse(config).success).toBe(true);
  });

  it('renames and reorders siblings without touching the rest', () => {
    const renamed = updateIvrNode(tree(), ['ivrRoutes', 0, 0], { name: '新品咨询', code: '1' });
    expect(ivrNodeAt(renamed.config, ['ivrRoutes', 0, 0])).toMatchObject({ key: 'a1', name: '新品咨询', code: '1' });
    const moved = moveIvrNode(tree(), ['ivrRoutes', 1], 0);
    expect(moved.config.ivrRoutes.map((n) => n.key)).toEqual(['b', 'a']);
    expect(moved.config.ivrRoutes[1]!.nodes[0]!.key).toBe('a1');
    expect(updateIvrNode(tree(), ['InScore'], { name: 'x' }).ok).toBe(false);
  });
});
