import type { LightMyRequestResponse } from 'fastify';
import type { Caller } from './accounts.js';
import type { TestApp } from './test-app.js';

/** One file as the console's upload form sends it: a multipart body with the field `file`. */
export function multipartFile(name: string, content: string, type = 'application/octet-stream') {
  const boundary = '----qcdesk-test';
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
    `Content-Type: ${type}\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads one file as `who` (POST /v3/worker/center/upload); answers the response. */
export function uploadFile(t: TestApp, who: Caller, name: string, content: string): Promise<LightMyRequestResponse> {
  const body = multipartFile(name, content);
  return t.app.inject({
    method: 'POST',
    url: '/v3/worker/center/upload',
    payload: body.payload,
    headers: { ...body.headers, cookie: who.cookie },
  });
}
