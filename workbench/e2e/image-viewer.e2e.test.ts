import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, dialog, open, screenshot, signIn, useBrowser } from './browser.js';

interface Result {
  id: string;
  sessionId: string;
  schemeId: string;
}
interface Message {
  content: string;
}

/**
 * A picture in a transcript (the demo seed ends the newest sessions with the customer's screenshot of a bill, stored
 * in the file store): its thumbnail in the transcript opens the image viewer (qc-area: zoom by 0.1, rotate by 90°).
 */
describe('the image viewer in the browser', () => {
  const opened = useBrowser();
  let page: Page;

  beforeAll(() => {
    page = opened.page();
  });

  it('opens a transcript’s image over the AI result’s detail, zooms and rotates it', async () => {
    await signIn(page, 'inspector');
    // the newest sessions' results: one whose transcript carries an image message
    const list = await api<{ records: Result[] }>(page, '/v3/chats/ai-result/page', {}, { page: '1', size: '50' });
    expect(list.status).toBe(200);
    let found: Result | undefined;
    for (const result of list.body.records) {
      const detail = await api<{ id: string; messages?: Message[] }>(
        page,
        '/v3/chats/ai-result/detail',
        {},
        { sessionId: result.sessionId, schemeId: result.schemeId },
      );
      if ((detail.body.messages ?? []).some((m) => m.content.includes('TIMImageElem'))) {
        found = result;
        break;
      }
    }
    expect(found, 'a demo session with an image message').toBeDefined();

    await open(
      page,
      `/qc/ai-result/detail?id=${encodeURIComponent(found!.sessionId)}&schemeId=${found!.schemeId}&_modal=large`,
    );
    const detail = dialog(page, '智能质检详情');
    const transcript = detail.getByTestId('chat-transcript');
    await transcript.waitFor();
    const thumbnail = transcript.getByRole('button', { name: '查看大图' }).first();
    await thumbnail.scrollIntoViewIfNeeded();
    // the thumbnail is the stored picture, served to the signed-in user
    await expect
      .poll(() => thumbnail.locator('img').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    await thumbnail.click();

    const viewer = dialog(page, '图片');
    const picture = viewer.locator('img[data-scale]');
    await picture.waitFor();
    await expect
      .poll(() => picture.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBe(480);
    await viewer.getByRole('button', { name: '放大' }).click();
    await viewer.getByRole('button', { name: '向右旋转' }).click();
    await expect.poll(() => viewer.getByTestId('image-scale').textContent()).toBe('110%');
    expect(await picture.getAttribute('data-rotation')).toBe('90');
    // the turned, enlarged picture has room of its own (528 × 352), so nothing of it is cut off
    await page.waitForTimeout(300);
    const room = await viewer.getByTestId('image-box').boundingBox();
    const shown = await picture.boundingBox();
    expect(room && shown && [Math.round(room.width), Math.round(room.height)]).toEqual([352, 528]);
    expect(shown && [Math.round(shown.width), Math.round(shown.height)]).toEqual([352, 528]);
    // upright again for the picture of the screen
    await viewer.getByRole('button', { name: '向左旋转' }).click();
    await expect.poll(() => picture.getAttribute('data-rotation')).toBe('0');
    await page.mouse.move(10, 10);
    await screenshot(page, 'image-viewer');
  });
});
