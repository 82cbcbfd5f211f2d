/**
 * `messageText` reads the common one-element TIM content without JSON.parse; whatever the content, its answer
 * must be the JSON.parse path's (`parsedMessageText`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messageText, parsedMessageText } from '../../src/transcript/message-text.js';

const bodyArb = fc
  .array(
    fc.constantFrom('好', 'a', ' ', '"', '\\', '\\n', '\\"', '\n', '\t', '\u0001', '}', ']', '😀', '\ud83d', '\\u597d'),
    {
      maxLength: 12,
    },
  )
  .map((p) => p.join(''));
const shapeArb = fc.constantFrom(
  (b: string) => `[{"MsgType":"TIMTextElem","MsgContent":{"Text":"${b}"}}]`,
  (b: string) => `[{"MsgType": "TIMTextElem", "MsgContent": {"Text": "${b}"}}]`,
  (b: string) =>
    `[{"MsgType": "TIMTextElem", "MsgContent": {"Text": "${b}"}}, {"MsgType": "TIMTextElem", "MsgContent": {"Text": "x"}}]`,
  (b: string) => `[{"MsgType": "TIMImageElem", "MsgContent": {"Text": "${b}"}}]`,
  (b: string) => ` [{"MsgType":"TIMTextElem","MsgContent":{"Text":"${b}"}}]`,
  (b: string) => `[{"MsgType":"TIMTextElem","MsgContent":{"Text":"${b}"}}]]`,
  (b: string) => `[{"MsgType":"TIMTextElem","MsgContent":{"Text":"${b}`,
  (b: string) => b,
);

describe('messageText fast path', () => {
  it('answers as JSON.parse does, for any body in any shape', () => {
    fc.assert(
      fc.property(bodyArb, shapeArb, (body, shape) => {
        const content = shape(body);
        expect(messageText(content)).toBe(parsedMessageText(content));
      }),
      { numRuns: 5000 },
    );
  });

  it('reads the stored one-element forms, with and without spaces', () => {
    expect(messageText('[{"MsgType": "TIMTextElem", "MsgContent": {"Text": "您好,请问"}}]')).toBe('您好,请问');
    expect(messageText('[{"MsgType":"TIMTextElem","MsgContent":{"Text":""}}]')).toBe('');
    expect(messageText('[{"MsgType":"TIMTextElem","MsgContent":{"Text":"say \\"hi\\""}}]')).toBe('say "hi"');
    expect(messageText('[{"MsgType":"TIMTextElem","MsgContent":{"Text":"}}]')).toBe(
      '[{"MsgType":"TIMTextElem","MsgContent":{"Text":"}}]',
    );
  });
});
