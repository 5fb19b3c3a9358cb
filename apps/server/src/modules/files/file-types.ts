/**
 * What the upload service accepts, decided by the file's content (UP-1): its magic bytes,
 * with the extension of the original name only confirming the kind (a zip is an office
 * document only when named so). Anything else — HTML, SVG, scripts, executables, whatever
 * its name or declared MIME type — is refused.
 */
export type FileKind = {
  /** Stored extension (the generated name's). */
  ext: string;
  /** Served `Content-Type`. */
  contentType: string;
  /** Largest accepted size in bytes. */
  maxBytes: number;
  /** Shown inline (images); everything else is served as an attachment. */
  image: boolean;
};

const MB = 1024 * 1024;
export const IMAGE_MAX_BYTES = 5 * MB;
export const DOCUMENT_MAX_BYTES = 20 * MB;
export const TEXT_MAX_BYTES = 2 * MB;

const image = (ext: string, contentType: string): FileKind => ({
  ext,
  contentType,
  maxBytes: IMAGE_MAX_BYTES,
  image: true,
});
const document = (ext: string, contentType: string): FileKind => ({
  ext,
  contentType,
  maxBytes: DOCUMENT_MAX_BYTES,
  image: false,
});

const PNG = image('png', 'image/png');
const JPEG = image('jpg', 'image/jpeg');
const GIF = image('gif', 'image/gif');
const WEBP = image('webp', 'image/webp');
const PDF = document('pdf', 'application/pdf');
const OFFICE: Readonly<Record<string, FileKind>> = {
  docx: document('docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
  xlsx: document('xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  pptx: document('pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'),
};
const TEXT: Readonly<Record<string, FileKind>> = {
  txt: { ext: 'txt', contentType: 'text/plain; charset=utf-8', maxBytes: TEXT_MAX_BYTES, image: false },
  csv: { ext: 'csv', contentType: 'text/csv; charset=utf-8', maxBytes: TEXT_MAX_BYTES, image: false },
};

/** The extensions a name may carry for each content kind. */
const NAMES: ReadonlyArray<[FileKind, readonly string[]]> = [
  [PNG, ['png']],
  [JPEG, ['jpg', 'jpeg']],
  [GIF, ['gif']],
  [WEBP, ['webp']],
  [PDF, ['pdf']],
];

/** The lower-case extension of a (sanitised) file name, '' when none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

function startsWith(buf: Buffer, bytes: readonly number[], at = 0): boolean {
  if (buf.length < at + bytes.length) return false;
  return bytes.every((b, i) => buf[at + i] === b);
}

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The kind of a file by its content, before any name check. */
function sniff(buf: Buffer): FileKind | 'zip' | null {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return GIF;
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return WEBP;
  if (startsWith(buf, ascii('%PDF-'))) return PDF;
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  return null;
}

/** Plain text: valid UTF-8 without NUL or other binary control bytes. */
function isPlainText(buf: Buffer): boolean {
  for (const b of buf) {
    if (b === 0 || b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b)) return false;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}

/**
 * The accepted kind of an upload, or null when refused: the content decides, and the name's
 * extension must agree with it (a PNG named `x.jsp` is refused as `x.png` holding HTML is).
 */
export function detectKind(buf: Buffer, originalName: string): FileKind | null {
  const ext = extensionOf(originalName);
  const sniffed = sniff(buf);
  if (sniffed === 'zip') return OFFICE[ext] ?? null;
  if (sniffed) {
    const names = NAMES.find(([kind]) => kind === sniffed)?.[1] ?? [];
    return names.includes(ext) ? sniffed : null;
  }
  const text = TEXT[ext];
  return text && buf.length > 0 && isPlainText(buf) ? text : null;
}

/** The largest size any accepted kind may have (the stream is cut there). */
export const MAX_UPLOAD_BYTES = Math.max(IMAGE_MAX_BYTES, DOCUMENT_MAX_BYTES, TEXT_MAX_BYTES);
