const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};
const DOCUMENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  txt: 'text/plain',
};

const extensionOf = (url: string): string => {
  try {
    return new URL(url).pathname.split('.').pop()?.toLowerCase() ?? '';
  } catch {
    return '';
  }
};

/**
 * The mime type sent with media by link: the upstream reads the message type from it (an image
 * without one would arrive as a document), so an image always carries an image type.
 */
export function mediaMimeType(kind: 'image' | 'document', url: string): string {
  const ext = extensionOf(url);
  if (kind === 'image') return IMAGE_TYPES[ext] ?? 'image/jpeg';
  return DOCUMENT_TYPES[ext] ?? 'application/octet-stream';
}
