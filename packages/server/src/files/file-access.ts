import { CHATBOT_AVATAR_DIR, NAV_ICON_DIR, TICKET_ATTACHMENT_DIR } from '@qcdesk/contracts';
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.js';
import { chatbots } from '../db/schema/bots.js';
import { uploads } from '../db/schema/files.js';
import { csNavs } from '../db/schema/online-navs.js';
import { complaints } from '../db/schema/qc-results.js';
import { chatMessages, chatSessions } from '../db/schema/sessions.js';
import { tickets } from '../db/schema/ticket-records.js';
import type { RequestAuth } from '../http/request-auth.js';
import { ownSessions } from '../routes/sessions/own-sessions.js';
import { CHAT_IMAGE_DIR } from './file-store.js';

/**
 * Whether the caller may read a stored file of his organisation, judged by what it belongs to:
 * - a chat image (chat/image/…): he may open a session whose messages show it (an agent only the sessions he served);
 * - an upload: he may see a complaint that references it (an agent only his own complaints), or it is still
 *   unattached and he uploaded it.
 * `path` is the store path in its normal form ('qc/complaint/7/20240501/ab12-x.png').
 */
export async function mayReadFile(db: Database, auth: RequestAuth, path: string): Promise<boolean> {
  if (path.startsWith(`${CHAT_IMAGE_DIR}/`)) return mayOpenChatImage(db, auth, path);
  if (await seesComplaintWith(db, auth, path)) return true;
  if (await isChatbotAvatar(db, auth, path)) return true;
  if (await isNavIcon(db, auth, path)) return true;
  if (await seesTicketWith(db, auth, path)) return true;
  const [own] = await db.select({ id: uploads.id }).from(uploads).where(ownUnattachedUpload(auth, path));
  return own !== undefined;
}

/** A chatbot avatar is shown wherever the bot is (lists, pickers, chats): anyone of its organisation may read it. */
async function isChatbotAvatar(db: Database, auth: RequestAuth, path: string): Promise<boolean> {
  if (!path.startsWith(`${CHATBOT_AVATAR_DIR}/`)) return false;
  const [row] = await db
    .select({ id: chatbots.id })
    .from(chatbots)
    .where(and(eq(chatbots.organizationId, auth.organizationId), eq(chatbots.avatar, path)))
    .limit(1);
  return row !== undefined;
}

/**
 * A navigation's icon (spec §7: icons are uploaded for public read) is shown wherever the navigation is (editors,
 * previews, lists): anyone of its organisation may read it while a navigation's buttons show it.
 */
async function isNavIcon(db: Database, auth: RequestAuth, path: string): Promise<boolean> {
  if (!path.startsWith(`${NAV_ICON_DIR}/`)) return false;
  const [row] = await db
    .select({ id: csNavs.id })
    .from(csNavs)
    .where(
      and(
        eq(csNavs.organizationId, auth.organizationId),
        sql`${csNavs.onlineConfig}->'buttons' @> ${JSON.stringify([{ icon: path }])}::jsonb`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A ticket's attachment: whoever may view the organisation's tickets (ticket.view) may read it. */
async function seesTicketWith(db: Database, auth: RequestAuth, path: string): Promise<boolean> {
  if (!path.startsWith(`${TICKET_ATTACHMENT_DIR}/`) || !auth.permissions.has('ticket.view')) return false;
  const [row] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      and(
        eq(tickets.organizationId, auth.organizationId),
        eq(tickets.deleted, 'NONE'),
        sql`${tickets.attachments} @> ${JSON.stringify([{ path }])}::jsonb`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The caller's own upload at `path` that nothing has attached yet: only he may read or attach it. */
export function ownUnattachedUpload(auth: RequestAuth, path: string): SQL {
  return and(
    eq(uploads.organizationId, auth.organizationId),
    eq(uploads.path, path),
    eq(uploads.uploaderId, auth.userId),
    isNull(uploads.attachedTime),
  )!;
}

/** Whether a complaint the caller may see (as the complaint list scopes it) names `path` as an attachment. */
export async function seesComplaintWith(
  db: Pick<Database, 'select'>,
  auth: RequestAuth,
  path: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: complaints.id })
    .from(complaints)
    .where(
      and(
        eq(complaints.organizationId, auth.organizationId),
        eq(complaints.deleted, 'NONE'),
        auth.agentId === null ? undefined : eq(complaints.agentId, auth.agentId),
        complaintNames(path),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A complaint's condition: it names `path` as the agent's attachment or the reviewer's. */
export function complaintNames(path: string): SQL {
  return or(
    eq(complaints.attachment, path),
    eq(complaints.commonAttachment, path),
    sql`${complaints.complaintFiles} @> ${JSON.stringify([{ path }])}::jsonb`,
  )!;
}

/**
 * Who may open every session of the organisation may see every chat image; an agent (ownSessions) needs a message
 * of a session he may open that shows the picture — by its path, or by the download URL that carries it.
 */
async function mayOpenChatImage(db: Database, auth: RequestAuth, path: string): Promise<boolean> {
  const own = ownSessions(auth);
  if (own === undefined) return true;
  const mentions: SQL = or(
    sql`strpos(${chatMessages.content}, ${path}) > 0`,
    sql`strpos(${chatMessages.content}, ${encodeURIComponent(path)}) > 0`,
  )!;
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionRef))
    .where(
      and(
        eq(chatSessions.organizationId, auth.organizationId),
        own,
        eq(chatMessages.organizationId, auth.organizationId),
        mentions,
      ),
    )
    .limit(1);
  return row !== undefined;
}
