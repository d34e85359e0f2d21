import type { FastifyRequest } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { invalidField } from '../../lib/errors.ts';
import { sniffImage, type FileStore, type ImageExt } from './store.ts';
import { incomingFile, type IncomingFile } from './upload.ts';

/** Where stored pictures are served from (GET /api/files/:folder/:name). */
export const FILES_PREFIX = '/api/files/';
/** The folders of stored pictures (GET /api/files/:folder/:name serves these). */
export const IMAGE_FOLDERS = ['avatars', 'logos', 'covers'] as const;
export type ImageFolder = (typeof IMAGE_FOLDERS)[number];

/** Pictures larger than this many pixels are refused before decoding (decompression bombs). */
const MAX_PIXELS = 40_000_000;

/**
 * An uploaded picture decoded and encoded again by libvips (sharp): what leaves is only pixels in
 * the same format, turned upright by its EXIF orientation, with no EXIF, GPS, XMP or comments.
 * Null when the bytes are not a picture of an accepted type or do not decode.
 */
export async function cleanImage(data: Buffer): Promise<{ data: Buffer; ext: ImageExt } | null> {
  const ext = sniffImage(data);
  if (!ext) return null;
  // Loaded with the first upload, not at every start.
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(data, { failOn: 'error', limitInputPixels: MAX_PIXELS }).rotate();
    const out = ext === 'png' ? image.png({ compressionLevel: 9 }) : ext === 'jpg' ? image.jpeg({ quality: 88, mozjpeg: true }) : image.webp({ quality: 88 });
    return { data: await out.toBuffer(), ext };
  } catch {
    return null;
  }
}

/**
 * The multipart field "file" of a request as a clean picture with its pixel size, not stored yet:
 * fails with the 422 of a missing, too large (`tooLarge`: the validation key) or unreadable file.
 */
export async function readImage(req: FastifyRequest, maxBytes: number, tooLarge = 'file_too_large'): Promise<{ data: Buffer; ext: ImageExt; width: number; height: number }> {
  const { data: raw } = await readUpload(req, maxBytes, tooLarge);
  const image = await cleanImage(raw);
  if (!image) throw invalidField('unsupported_file_type', 'file', 'file_type');
  const { default: sharp } = await import('sharp');
  const meta = await sharp(image.data).metadata();
  return { ...image, width: meta.width ?? 0, height: meta.height ?? 0 };
}

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
 * The multipart field "file" of a request as a clean picture, stored under `folder`: answers its
 * URL, or fails with the 422 of a missing, too large or unreadable file.
 */
export async function receiveImage(req: FastifyRequest, files: FileStore, folder: ImageFolder, maxBytes: number): Promise<string> {
  const { data: raw } = await readUpload(req, maxBytes);
  const image = await cleanImage(raw);
  if (!image) throw invalidField('unsupported_file_type', 'file', 'file_type');
  const key = `${folder}/${uuidv7()}.${image.ext}`;
  await files.put(key, image.data);
  return FILES_PREFIX + key;
}
