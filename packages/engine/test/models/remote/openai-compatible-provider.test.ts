import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_LABELS } from '../../../src/models/evaluate.js';
import { openAiCompatibleProvider, readCompletion } from '../../../src/models/remote/openai-compatible-provider.js';
import { type ModelTestServer, startModelTestServer } from './model-test-server.js';

const completion = (content: string) => ({
  status: 200,
  body: { choices: [{ message: { role: 'assistant', content } }] },
});

let server: ModelTestServer;
beforeAll(async () => {
  server = await startModelTestServer(() => completion('{"results": []}'));
});
afterAll(() => server.close());

describe('openAiCompatibleProvider', () => {
  it("posts a chat completion to {baseUrl}/chat/completions listing the task's labels, with the key and model", async () => {
    server.seen.length = 0;
    server.script(
      completion(
        '```json\n{"results": [{"index": 1, "labels": [{"label": "ABUSE", "confidence": 0.95}]}, {"index": 0, "labels": []}]}\n```',
      ),
    );
    const model = openAiCompatibleProvider({ baseUrl: `${server.baseUrl}/v1`, apiKey: 'sk-abc', model: 'qwen-plus' });
    expect(model.id).toBe('openai:qwen-plus');
    expect(await model.classify(['您好', '你给我滚'], 'CUSTOMER_CHECK_MODEL')).toEqual([
      [],
      [{ label: 'ABUSE', confidence: 0.95 }],
    ]);
    const [request] = server.seen;
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.authorization).toBe('Bearer sk-abc');
    const body = request!.body as { model: string; messages: { role: string; content: string }[] };
    expect(body.model).toBe('qwen-plus');
    expect(body.messages[0]!.role).toBe('system');
    for (const label of TASK_LABELS.CUSTOMER_CHECK_MODEL) expect(body.messages[0]!.content).toContain(label);
    expect(body.messages[0]!.content).not.toContain('SARCASM');
    expect(JSON.parse(body.messages[1]!.content)).toEqual(['您好', '你给我滚']);
  });

  it('reads answers defensively: prose around the JSON, bare label strings, entries in order without index', () => {
    const json = {
      choices: [
        {
          message: {
            content:
              'Here you go: {"results": [{"labels": ["sarcasm", "LAUGHING"]}, {"labels": [{"label": "PASSING_THE_BUCK", "confidence": 3}]}]} Hope it helps.',
          },
        },
      ],
    };
    expect(readCompletion(json, 3, 'ABUSE_MODEL')).toEqual([
      [{ label: 'SARCASM', confidence: 1 }],
      [{ label: 'PASSING_THE_BUCK', confidence: 1 }],
      [],
    ]);
  });

  it('fails a completion without readable results (so the breaker counts it)', async () => {
    server.seen.length = 0;
    server.script(completion('I cannot help with that.'));
    const model = openAiCompatibleProvider({ baseUrl: server.baseUrl, model: 'm', retries: 2, backoffMs: 5 });
    await expect(model.classify(['x'], 'ABUSE_MODEL')).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    expect(server.seen).toHaveLength(1);
  });
});
