/**
 * Signed preview addresses of stored files for lists (thumbnails): the ids asked for in the
 * same moment go to /file/preview together (at most MAX_PREVIEW_IDS a call), and answers are
 * kept for a while below the signature's hour.
 */
import { MAX_PREVIEW_IDS, type PreviewItem } from '@common/schemas/files';
import { previewFiles } from '@/services/file';

const KEEP_MS = 45 * 60 * 1000;

const cache = new Map<string, { at: number; item: Promise<PreviewItem | undefined> }>();
let queued: { id: string; resolve: (item: PreviewItem | undefined) => void }[] = [];
let scheduled = false;

function flush() {
  scheduled = false;
  const batch = queued;
  queued = [];
  for (let i = 0; i < batch.length; i += MAX_PREVIEW_IDS) {
    const part = batch.slice(i, i + MAX_PREVIEW_IDS);
    previewFiles([...new Set(part.map((q) => q.id))])
      .then((items) => {
        const byId = new Map(items.map((p) => [p.fileId, p]));
        for (const q of part) q.resolve(byId.get(q.id));
      })
      .catch(() => {
        for (const q of part) {
          cache.delete(q.id); // ask again next time
          q.resolve(undefined);
        }
      });
  }
}

/** The preview of one file, or undefined when it is unknown or unreadable. */
export function loadPreview(fileId: string): Promise<PreviewItem | undefined> {
  const hit = cache.get(fileId);
  if (hit && Date.now() - hit.at < KEEP_MS) return hit.item;
  const item = new Promise<PreviewItem | undefined>((resolve) => {
    queued.push({ id: fileId, resolve });
    if (!scheduled) {
      scheduled = true;
      queueMicrotask(flush);
    }
  });
  cache.set(fileId, { at: Date.now(), item });
  return item;
}

export function clearPreviewCache() {
  cache.clear();
}
