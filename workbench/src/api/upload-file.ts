import { ApiError } from './client';

/** What the upload call answers: the stored path (what records reference) and the file's name. */
export interface UploadedFile {
  path: string;
  name: string;
}

/**
 * Uploads one file (multipart field "file") into one of the server's upload folders (`dir`, e.g. online/chatbot) and
 * answers its stored path. The JSON API client cannot send a file, so this goes through fetch; the record saved
 * with the path attaches the upload (unattached uploads are removed after an hour).
 */
export async function uploadFile(
  file: File,
  dir: string,
  doFetch: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await doFetch(`/v3/worker/center/upload?dir=${encodeURIComponent(dir)}`, {
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
  if (!response.ok || !data?.path)
    throw new ApiError(
      response.status,
      data?.code ?? `HTTP_${response.status}`,
      data?.message ?? `HTTP ${response.status}`,
    );
  return { path: data.path, name: data.name ?? file.name };
}
