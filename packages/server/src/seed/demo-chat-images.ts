import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { deflateSync } from 'node:zlib';
import { and, desc, eq, sql } from 'drizzle-orm';
import { chatMessages, chatSessions } from '../db/schema/sessions.js';
import { CHAT_IMAGE_DIR, storedFilePath } from '../files/file-store.js';
// the sessions come first: that seeder registers on import, before this one
import '../tasks/demo-seeder.js';
import { type DemoSeedContext, demoSeeders } from './demo-seeders.js';

/** How many of the newest demo sessions end with the customer sending a picture. */
const SESSIONS_WITH_IMAGE = 3;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A small RGB PNG, drawn here (no file shipped, nothing downloaded): what a customer's screenshot of a bill might
 * look like — a header bar, rows of 'text', and a red mark on the disputed line. `scale` 1 is 480 × 320.
 */
export function demoBillPng(scale = 1): { png: Buffer; width: number; height: number } {
  const width = Math.round(480 * scale);
  const height = Math.round(320 * scale);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  const at = (x: number, y: number) => y * (width * 3 + 1) + 1 + x * 3;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = x / scale;
      const v = y / scale;
      let rgb: [number, number, number] = [248, 249, 250];
      if (v < 48) rgb = [34, 139, 230];
      else if (u > 24 && u < 456 && v > 68 && v < 300) {
        const row = Math.floor((v - 68) / 29);
        const inRow = (v - 68) % 29;
        const line = inRow > 9 && inRow < 19;
        if (row === 4 && (u < 30 || u > 450 || inRow < 3 || inRow > 25)) rgb = [250, 82, 82];
        else if (line && u > 40 && u < 150 + ((row * 53) % 120)) rgb = [134, 142, 150];
        else if (line && u > 360 && u < 440) rgb = row === 4 ? [250, 82, 82] : [73, 80, 87];
        else rgb = [255, 255, 255];
      }
      raw.set(rgb, at(x, y));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { png, width, height };
}

/** The content of a TIM image message (spec "Chat message": ImageInfoArray index 0 the preview, 2 the thumbnail). */
export function timImageContent(
  uuid: string,
  preview: { url: string; width: number; height: number; size: number },
  thumbnail: { url: string; width: number; height: number; size: number },
): string {
  const info = (type: number, image: typeof preview) => ({
    Type: type,
    Size: image.size,
    Width: image.width,
    Height: image.height,
    URL: image.url,
  });
  return JSON.stringify([
    {
      MsgType: 'TIMImageElem',
      MsgContent: {
        UUID: uuid,
        ImageFormat: 3,
        ImageInfoArray: [info(1, preview), info(2, preview), info(3, thumbnail)],
      },
    },
  ]);
}

/**
 * Demo image messages, so the transcript's image and its viewer show on the first start: a picture (drawn at seed
 * time, stored in the file store under chat/image/{organisation}/) and its thumbnail, sent by the customer as the
 * last message of the newest demo sessions. Appended after the last message, so the AI results' evidence (by
 * message position) stays where it was.
 */
export async function seedDemoChatImages(context: DemoSeedContext): Promise<void> {
  const { db, organizationId, config } = context;
  const sessions = await db
    .select()
    .from(chatSessions)
    .where(eq(chatSessions.organizationId, organizationId))
    .orderBy(desc(chatSessions.beginTime), desc(chatSessions.id))
    .limit(SESSIONS_WITH_IMAGE);
  if (sessions.length === 0) return;
  const stored = async (name: string, scale: number) => {
    const image = demoBillPng(scale);
    const path = `${CHAT_IMAGE_DIR}/${organizationId}/demo/${name}`;
    const full = storedFilePath(config.filesDir, path);
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, image.png);
    const url = `/v3/worker/center/download?path=${encodeURIComponent(path)}`;
    return { url, width: image.width, height: image.height, size: image.png.length };
  };
  const preview = await stored('bill.png', 1);
  const thumbnail = await stored('bill-thumb.png', 0.4);
  for (const session of sessions) {
    const [last] = await db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.sessionRef, session.id))
      .orderBy(desc(chatMessages.seq))
      .limit(1);
    if (last === undefined) continue;
    const [customer] = await db
      .select({ nick: chatMessages.senderNick })
      .from(chatMessages)
      .where(and(eq(chatMessages.sessionRef, session.id), eq(chatMessages.senderRole, 'CUSTOMER')))
      .limit(1);
    await db.insert(chatMessages).values({
      organizationId,
      sessionRef: session.id,
      seq: last.seq + 1,
      messageId: `${session.sessionId}-image`,
      chatId: last.chatId,
      sessionId: session.sessionId,
      senderRole: 'CUSTOMER',
      senderNick: customer?.nick ?? null,
      sendTime: last.sendTime + 15_000,
      content: timImageContent(`${session.sessionId}-bill`, preview, thumbnail),
    });
    await db
      .update(chatSessions)
      .set({ messageCount: sql`${chatSessions.messageCount} + 1` })
      .where(eq(chatSessions.id, session.id));
  }
  context.log(`演示图片消息 demo image messages: ${sessions.length} 个会话 sessions`);
}

demoSeeders.push({ step: 'chat-images', atomic: true, seed: seedDemoChatImages });
