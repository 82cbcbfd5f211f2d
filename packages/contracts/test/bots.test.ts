import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aiPlatformSaveSchema, chatbotSaveSchema, maskApiKey } from '../src/index.js';

describe('maskApiKey', () => {
  it('never answers the middle of a key: at most a short prefix and the last four characters', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 12, maxLength: 200 }), (key) => {
        const masked = maskApiKey(key)!;
        expect(masked).toContain('****');
        expect(masked.endsWith(key.slice(-4))).toBe(true);
        // what is shown of the key: at most 8 characters of its head and its last 4
        expect(masked.length - 4).toBeLessThanOrEqual(8 + 4);
        expect(key.startsWith(masked.slice(0, masked.indexOf('****')))).toBe(true);
      }),
    );
  });

  it('keeps a vendor prefix up to its dash, answers short keys as the mask alone and no key as null', () => {
    expect(maskApiKey('sk-live-0123456789abcd')).toBe('sk-****abcd');
    expect(maskApiKey('0123456789abcdef')).toBe('01****cdef');
    expect(maskApiKey('abc123')).toBe('****');
    expect(maskApiKey('')).toBeNull();
    expect(maskApiKey(null)).toBeNull();
  });
});

describe('the AI platform and chatbot save bodies', () => {
  it('a BUILTIN platform needs no address; any other provider does', () => {
    expect(aiPlatformSaveSchema.safeParse({ name: 'a', provider: 'BUILTIN' }).success).toBe(true);
    const refused = aiPlatformSaveSchema.safeParse({ name: 'a', provider: 'HTTP', baseUrl: '' });
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['baseUrl', 'bots.platform.baseUrlRequired'],
    ]);
  });

  it('a chatbot is in AI mode unless it says otherwise, and blank optional fields are null', () => {
    const parsed = chatbotSaveSchema.parse({ name: ' 机器人 ', nick: '小助手', outerId: '', platformId: '' });
    expect(parsed).toMatchObject({ mode: 'AI', name: '机器人', outerId: null, platformId: null, spaceIds: [] });
  });
});
