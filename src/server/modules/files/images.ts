import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { invalidField } from '../../lib/errors.ts';
import { createLocalFileStore, sniffImage, type FileStore, type ImageExt } from './store.ts';
import { incomingFile, type IncomingFile } from './upload.ts';

/** Where stored pictures are served from (GET /api/files/:folder/:name). */
export const FILES_PREFIX = '/api/files/';
/** The folders of stored pictures (GET /api/files/:folder/:name serves these). */
export const IMAGE_FOLDERS = ['avatars', 'logos', 'covers'] as const;
export type ImageFolder = (typeof IMAGE_FOLDERS)[number];

/** Pictures larger than this many pixels are refused before decoding (decompression bombs). */
const MAX_PIXELS = 40_000_000;

/**
 * An uploaded picture, streamed into the store: its type is told by its first bytes (a bounded head,
 * files/upload.ts) before anything is kept; the upload then streams to a scratch file of this node
 * (the size limit enforced as it arrives, so a file over it is refused with the 422 and nothing is
 * stored); its pixel size is read from the scratch file's header; libvips (sharp) decodes it from
 * that file and encodes it again, and that clean copy streams into the store under `keyOf`'s key:
 * only pixels in the same format, turned upright by its EXIF orientation, with no EXIF, GPS, XMP or
 * comments.
 * The upload is never held whole in the JavaScript heap. Fails with the 422 of an unreadable file.
 */
export async function storeImage(upload: IncomingFile, files: FileStore, keyOf: (image: { ext: ImageExt; width: number; height: number }) => string): Promise<{ key: string; ext: ImageExt; width: number; height: number; size: number }> {
  const unsupported = () => invalidField('unsupported_file_type', 'file', 'file_type');
  const ext = sniffImage(upload.head);
  if (!ext) {
    await upload.discard().catch(() => {});
    throw unsupported();
  }
  const scratchKey = `incoming/${uuidv7()}.${ext}`;
  await upload.store(scratch, scratchKey);
  const path = join(scratchRoot, scratchKey);
  try {
    const { default: sharp } = await import('sharp');
    const meta = await sharp(path, { limitInputPixels: MAX_PIXELS }).metadata().catch(() => null);
    if (!meta || meta.format !== IMAGE_FORMAT[ext] || !meta.width || !meta.height || meta.width * meta.height > MAX_PIXELS) throw unsupported();
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    const key = keyOf({ ext, width, height });
    const image = sharp(path, { failOn: 'error', limitInputPixels: MAX_PIXELS }).rotate();
    const out = ext === 'png' ? image.png({ compressionLevel: 9 }) : ext === 'jpg' ? image.jpeg({ quality: 88, mozjpeg: true }) : image.webp({ quality: 88 });
    let undecodable = false;
    out.once('error', () => { undecodable = true; });
    const { size } = await files.put(key, out).catch((err) => {
      // A picture libvips cannot decode fails its stream: the store kept nothing; the client's mistake.
      throw undecodable ? unsupported() : err;
    });
    return { key, ext, width, height, size };
  } finally {
    await rm(path, { force: true });
  }
}

/** sharp's name of each accepted type's decoder. */
const IMAGE_FORMAT: Record<ImageExt, string> = { png: 'png', jpg: 'jpeg', webp: 'webp' };

/** This node's scratch folder for uploads on their way (never shared: a file lives there for one request). */
const scratchRoot = join(tmpdir(), 'fyn-uploads');
const scratch = createLocalFileStore(scratchRoot);

/**
 * The multipart field "file" of a request, on its way in (files/upload.ts: stream it into the store,
 * or read it whole), with the name the browser gave it: fails with the 422 of a missing or too large
 * (`tooLarge`: the validation key) file. A form the parser cannot read (no boundary, cut short) is
 * the client's mistake: 422, not 500.
 */
export async function receiveUpload(req: FastifyRequest, maxBytes: number, tooLarge = 'file_too_large'): Promise<IncomingFile> {
  const part = req.isMultipart()
    ? await req.file({ limits: { fileSize: maxBytes } }).catch((err: { statusCode?: number }) => {
        if (err?.statusCode && err.statusCode < 500) throw err;
        throw invalidField('validation_failed', 'file', 'file_required');
      })
    : undefined;
  if (!part) throw invalidField('validation_failed', 'file', 'file_required');
  return incomingFile(part.file, part.filename ?? '', () => invalidField('file_too_large', 'file', tooLarge));
}

/** The multipart field "file" of a request, whole (pictures to decode, tables to import: a few MB at most). */
export async function readUpload(req: FastifyRequest, maxBytes: number, tooLarge = 'file_too_large'): Promise<{ data: Buffer; filename: string }> {
  const file = await receiveUpload(req, maxBytes, tooLarge);
  return { data: await file.whole(), filename: file.filename };
}

/**
 * The multipart field "file" of a request as a clean picture, streamed into the store under
 * `folder` (storeImage): answers its URL, or fails with the 422 of a missing, too large or
 * unreadable file.
 */
export async function receiveImage(req: FastifyRequest, files: FileStore, folder: ImageFolder, maxBytes: number, tooLarge = 'file_too_large'): Promise<string> {
  const upload = await receiveUpload(req, maxBytes, tooLarge);
  const { key } = await storeImage(upload, files, ({ ext }) => `${folder}/${uuidv7()}.${ext}`);
  return FILES_PREFIX + key;
}
