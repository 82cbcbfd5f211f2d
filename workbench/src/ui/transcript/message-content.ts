import { type ChatMessage, type MessageKind, messageKindOf } from '@qcdesk/contracts';
import { messageText } from '@qcdesk/engine';

/**
 * A message as the transcript reads it: the spec's Chat message (qc-area §3). Every transcript call of the API
 * answers these fields; `ChatMessage` of the contracts is assignable to it.
 */
export type TranscriptMessage = Pick<ChatMessage, 'messageId' | 'sendTime' | 'senderRole' | 'content'> &
  Partial<Pick<ChatMessage, 'senderNick' | 'senderAvatar' | 'censorOperation' | 'censorWords'>>;

/** What a message shows, by the type of its first content item. */
export type MessageBody =
  | { kind: 'text'; text: string }
  | { kind: 'image'; thumbnail: string | null; preview: string | null }
  | { kind: 'video'; url: string | null; poster: string | null }
  | { kind: 'file'; url: string | null; name: string | null; size: number | null }
  | { kind: 'custom' };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function firstItem(content: string): Json | null {
  try {
    const parsed: unknown = JSON.parse(content);
    const first = Array.isArray(parsed) ? parsed[0] : parsed;
    return isObject(first) ? first : null;
  } catch {
    return null;
  }
}

/** The item's own fields: TIM's `MsgContent`, or the plain item itself (`{type: 'image', url}`). */
function payload(item: Json | null): Json {
  if (item === null) return {};
  return isObject(item.MsgContent) ? item.MsgContent : item;
}

/**
 * Reads a stored `content` (a TIM-style JSON string). The text is the engine's own `messageText`, so the character
 * positions of the engine's evidence (`from`/`to`) fall on exactly the text shown. Images: `ImageInfoArray` index 2
 * is the thumbnail and index 0 the preview (spec §3), falling back to whichever exists.
 */
export function readMessageBody(content: string): MessageBody {
  const kind: MessageKind = messageKindOf(content);
  const fields = payload(firstItem(content));
  switch (kind) {
    case 'text':
      return { kind: 'text', text: messageText(content) ?? '' };
    case 'image': {
      const infos = Array.isArray(fields.ImageInfoArray) ? fields.ImageInfoArray.filter(isObject) : [];
      const url = (i: number) => str(infos[i]?.URL);
      const any = infos.map((info) => str(info.URL)).find((u) => u !== null) ?? str(fields.url) ?? null;
      return { kind: 'image', thumbnail: url(2) ?? any, preview: url(0) ?? any };
    }
    case 'video':
      return {
        kind: 'video',
        url: str(fields.VideoUrl) ?? str(fields.url),
        poster: str(fields.ThumbUrl) ?? str(fields.poster),
      };
    case 'file':
      return {
        kind: 'file',
        url: str(fields.Url) ?? str(fields.url),
        name: str(fields.FileName) ?? str(fields.name),
        size: num(fields.FileSize) ?? num(fields.size),
      };
    default:
      return { kind: 'custom' };
  }
}

/** A file size for people: 512 B, 50 KB, 1.2 MB. */
export function formatFileSize(bytes: number | null): string {
  if (bytes === null || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
