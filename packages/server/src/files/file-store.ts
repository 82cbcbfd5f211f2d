import { randomBytes } from 'node:crypto';
import { isAbsolute, join, normalize, resolve, sep } from 'node:path';
import { CHATBOT_AVATAR_DIR, NAV_ICON_DIR, NAV_LIMITS, TICKET_ATTACHMENT_DIR } from '@qcdesk/contracts';
import { ApiError } from '../http/api-error.js';

/**
 * Folders uploads may go to (qc-area §7: complaint attachments under qc/complaint/; chatbot avatars under
 * online/chatbot/, online-service-config §2.5; navigation icons under desk/csNav/image/, §7; ticket attachments under
 * ticket/attachment/, ours).
 */
export const UPLOAD_DIRS = ['qc/complaint', CHATBOT_AVATAR_DIR, NAV_ICON_DIR, TICKET_ATTACHMENT_DIR] as const;
export type UploadDir = (typeof UPLOAD_DIRS)[number];
/** Folders with a smaller limit than the upload route's own (spec §5: a navigation icon at most 5 MB). */
export const UPLOAD_DIR_MAX_BYTES: Readonly<Partial<Record<UploadDir, number>>> = {
  [NAV_ICON_DIR]: NAV_LIMITS.iconMaxBytes,
};
/** Folders whose attached files everyone of the organisation may read, not only who can see what holds them. */
export const PUBLIC_READ_DIRS: readonly UploadDir[] = [CHATBOT_AVATAR_DIR, NAV_ICON_DIR];
/** The pictures of chat messages the store holds (the demo seed's), downloadable but not an upload folder. */
export const CHAT_IMAGE_DIR = 'chat/image';
/** Folders the download route serves, each per organisation. */
const STORE_DIRS: readonly string[] = [...UPLOAD_DIRS, CHAT_IMAGE_DIR];

/**
 * The absolute path of a stored file, from the path the API hands out ('qc/complaint/20240501/ab12-x.png').
 * Anything that could leave the store — absolute paths, '..', backslashes, NUL — is refused with 400.
 */
export function storedFilePath(filesDir: string, path: string): string {
  const root = resolve(filesDir);
  const bad = () =>
    new ApiError(400, 'BAD_FILE_PATH', `文件路径不合法：${path}`, `not a path inside the file store: ${path}`, 'path');
  if (path === '' || path.includes('\0') || path.includes('\\') || isAbsolute(path)) throw bad();
  const clean = normalize(path);
  if (clean.split(sep).some((part) => part === '..' || part === '')) throw bad();
  const full = resolve(root, clean);
  if (!full.startsWith(root + sep)) throw bad();
  return full;
}

/**
 * The absolute path of a stored file of `organizationId`, or null when the path is another organisation's (or not an
 * upload at all): uploads live under '<dir>/<organisation id>/', and only that organisation reads them. A path that
 * could leave the store is refused with 400, as by `storedFilePath`.
 */
export function tenantFilePath(filesDir: string, organizationId: number, path: string): string | null {
  const full = storedFilePath(filesDir, path);
  const parts = normalize(path).split(sep);
  const ownDir = STORE_DIRS.some((dir) => {
    const prefix = dir.split('/');
    return (
      parts.length > prefix.length + 1 &&
      prefix.every((part, i) => parts[i] === part) &&
      parts[prefix.length] === String(organizationId)
    );
  });
  return ownDir ? full : null;
}

/** A store path in the one form records keep: 'qc/complaint/7/./x.png' → 'qc/complaint/7/x.png'. */
export function normalStorePath(path: string): string {
  return normalize(path).split(sep).join('/');
}

/**
 * A new path for an upload: '<dir>/<organisation id>/<yyyymmdd>/<random>-<safe name>', unique and readable; the
 * organisation in the path is what lets only its own people download it.
 */
export function newUploadPath(dir: UploadDir, organizationId: number, fileName: string, now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  const base = fileName.split(/[\\/]/).pop() ?? 'file';
  // keep letters of any script, digits, dot, dash, underscore; the rest becomes '_'
  const safe =
    base
      .replace(/[^\p{L}\p{N}._-]/gu, '_')
      .replace(/^\.+/, '')
      .slice(-100) || 'file';
  return join(dir, String(organizationId), day, `${randomBytes(6).toString('hex')}-${safe}`)
    .split(sep)
    .join('/');
}

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  zip: 'application/zip',
  json: 'application/json',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
export function contentTypeOf(path: string): string {
  const ext = path.split('.').pop()?.toLowerCase() ?? '';
  return TYPES[ext] ?? 'application/octet-stream';
}
