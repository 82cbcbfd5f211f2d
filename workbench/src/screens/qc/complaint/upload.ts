import { COMPLAINT_ATTACHMENT_PREFIX, type ComplaintFile } from '@qcdesk/contracts';
import { ApiError } from '../../../api/client';

/** Where appeal attachments go: the upload call's `dir` (the stored path then starts with qc/complaint/). */
export const COMPLAINT_UPLOAD_DIR = COMPLAINT_ATTACHMENT_PREFIX.replace(/\/$/, '');

/**
 * Uploads one file (multipart field "file") under qc/complaint/ and answers its stored path and name. The JSON API
 * client cannot send a file, so this is the one multipart call of the console.
 */
export async function uploadComplaintFile(
  file: File,
  doFetch: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<ComplaintFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await doFetch(`/v3/worker/center/upload?dir=${encodeURIComponent(COMPLAINT_UPLOAD_DIR)}`, {
      method: 'POST',
      credentials: 'same-origin',
      body: form,
    });
  } catch (error) {
    throw new ApiError(0, 'NETWORK', `网络错误 network error: ${String(error)}`);
  }
  const data = (await response.json().catch(() => null)) as {
    path?: string;
    name?: string;
    message?: string;
    code?: string;
  } | null;
  if (!response.ok || !data?.path) {
    throw new ApiError(
      response.status,
      data?.code ?? `HTTP_${response.status}`,
      data?.message ?? `HTTP ${response.status}`,
    );
  }
  return { path: data.path, name: data.name ?? file.name };
}
