import { EVIDENCE_MAX_SIDE } from '@rankmatch/shared';
import sharp from 'sharp';

// A screenshot is decoded and written anew by libvips (sharp): what is stored is pixels we encoded, never the bytes
// a player sent, so no metadata (EXIF position, camera, comments), no trailing payload and no polyglot file survives.

// One image at a time per process, no cache: an upload must not take both cores or keep decoded images in memory.
sharp.concurrency(1);
sharp.cache(false);

/** Larger images are refused before decoding (a 5 MB PNG can claim gigapixels). */
const MAX_INPUT_PIXELS = 40_000_000;
const FORMATS = new Set(['jpeg', 'png', 'webp']);

export interface Encoded {
  data: Buffer;
  contentType: 'image/webp';
  width: number;
  height: number;
}

/** The image re-encoded as WebP within EVIDENCE_MAX_SIDE, or null when the bytes are not a JPEG, PNG or WebP image. */
export async function reencode(bytes: Buffer): Promise<Encoded | null> {
  try {
    const input = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 });
    const meta = await input.metadata();
    if (!meta.format || !FORMATS.has(meta.format)) return null;
    const { data, info } = await input
      .rotate()
      .resize({ width: EVIDENCE_MAX_SIDE, height: EVIDENCE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { data, contentType: 'image/webp', width: info.width, height: info.height };
  } catch {
    // libvips refuses what it cannot decode (truncated, corrupt, too many pixels): not an image we keep.
    return null;
  }
}
