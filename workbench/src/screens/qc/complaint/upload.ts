import { COMPLAINT_ATTACHMENT_PREFIX, type ComplaintFile } from '@qcdesk/contracts';
import { uploadFile } from '../../../api/upload-file';

/** Where appeal attachments go: the upload call's `dir` (the stored path then starts with qc/complaint/). */
export const COMPLAINT_UPLOAD_DIR = COMPLAINT_ATTACHMENT_PREFIX.replace(/\/$/, '');

/** Uploads one appeal attachment under qc/complaint/ and answers its stored path and name. */
export function uploadComplaintFile(
  file: File,
  doFetch: typeof fetch = globalThis.fetch.bind(globalThis),
): Promise<ComplaintFile> {
  return uploadFile(file, COMPLAINT_UPLOAD_DIR, doFetch);
}
