// Minimal multipart/form-data reader for the send-media routes (ref §2: multer `file` field).

export type MultipartPart = { name: string; filename?: string; contentType?: string; data: Buffer };

const headerValue = (headers: string, name: string): string | undefined => {
  const line = headers.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name}:`));
  return line?.slice(name.length + 1).trim();
};

export const parseMultipart = (body: Buffer, contentType: string): MultipartPart[] => {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw new Error('multipart boundary missing');
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const afterDelimiter = start + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, afterDelimiter);
    if (next === -1) break;
    // part = CRLF headers CRLF CRLF data CRLF
    const part = body.subarray(afterDelimiter + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const headers = part.subarray(0, headerEnd).toString('utf8');
      const disposition = headerValue(headers, 'content-disposition') ?? '';
      const name = /name="([^"]*)"/.exec(disposition)?.[1];
      const filename = /filename="([^"]*)"/.exec(disposition)?.[1];
      const partType = headerValue(headers, 'content-type');
      if (name !== undefined) {
        parts.push({
          name,
          data: Buffer.from(part.subarray(headerEnd + 4)),
          ...(filename !== undefined ? { filename } : {}),
          ...(partType !== undefined ? { contentType: partType } : {}),
        });
      }
    }
    start = next;
  }
  return parts;
};
