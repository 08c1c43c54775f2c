import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

// Small but real files, so that media the emulator hands out opens in a browser
// (ref §3.13 getBase64FromMediaMessage returns the file bytes).

const crcTable = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

const crc32 = (buf: Buffer): number => {
  let c = 0xffffffff;
  for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

const pngChunk = (type: string, data: Buffer): Buffer => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

// Grayscale 8-bit PNG from a pixel callback (0 = black, 255 = white).
export const makePng = (width: number, height: number, pixel: (x: number, y: number) => number): Buffer => {
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0; // filter: none
    for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = pixel(x, y);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // colour type: grayscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};

// A QR-looking PNG (finder patterns plus modules taken from a hash of the code). It is
// not scannable; the emulator pairs through /_emulator/instances/:name/scan instead.
export const makeQrPng = (code: string): Buffer => {
  const modules = 29;
  const scale = 8;
  const quiet = 4;
  const bits = Buffer.concat(Array.from({ length: 4 }, (_, i) => createHash('sha256').update(`${i}:${code}`).digest()));
  const isFinder = (mx: number, my: number): boolean | null => {
    for (const [ox, oy] of [
      [0, 0],
      [modules - 7, 0],
      [0, modules - 7],
    ] as const) {
      const dx = mx - ox;
      const dy = my - oy;
      if (dx >= -1 && dx <= 7 && dy >= -1 && dy <= 7) {
        if (dx < 0 || dy < 0 || dx > 6 || dy > 6) return false;
        const ring = Math.min(dx, dy, 6 - dx, 6 - dy);
        return ring !== 1;
      }
    }
    return null;
  };
  const size = (modules + quiet * 2) * scale;
  return makePng(size, size, (x, y) => {
    const mx = Math.floor(x / scale) - quiet;
    const my = Math.floor(y / scale) - quiet;
    if (mx < 0 || my < 0 || mx >= modules || my >= modules) return 255;
    const finder = isFinder(mx, my);
    if (finder !== null) return finder ? 0 : 255;
    const index = my * modules + mx;
    const byte = bits[Math.floor(index / 8) % bits.length] ?? 0;
    return (byte >> (index % 8)) & 1 ? 0 : 255;
  });
};

// A 16x16 image with a diagonal gradient: the "photo" a contact sends.
export const samplePng = (): Buffer => makePng(16, 16, (x, y) => Math.min(255, (x + y) * 8));

// Ogg pages use their own CRC (polynomial 0x04c11db7, not reflected).
const oggCrcTable = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let k = 0; k < 8; k++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

const oggCrc = (buf: Buffer): number => {
  let crc = 0;
  for (const byte of buf) crc = ((crc << 8) ^ (oggCrcTable[((crc >>> 24) ^ byte) & 0xff] ?? 0)) >>> 0;
  return crc >>> 0;
};

const oggPage = (packets: Buffer[], granule: bigint, sequence: number, headerType: number): Buffer => {
  const segments: number[] = [];
  for (const p of packets) {
    let left = p.length;
    while (left >= 255) {
      segments.push(255);
      left -= 255;
    }
    segments.push(left);
  }
  const header = Buffer.alloc(27 + segments.length);
  header.write('OggS', 0, 'latin1');
  header[4] = 0;
  header[5] = headerType;
  header.writeBigUInt64LE(granule, 6);
  header.writeUInt32LE(0x46554e49, 14); // stream serial
  header.writeUInt32LE(sequence, 18);
  header.writeUInt32LE(0, 22);
  header[26] = segments.length;
  segments.forEach((s, i) => (header[27 + i] = s));
  const page = Buffer.concat([header, ...packets]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
};

// One second of Opus silence in an Ogg container ("audio/ogg; codecs=opus", ref §6 audioMessage).
export const sampleOggOpus = (): Buffer => {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1; // version
  head[9] = 1; // channels
  head.writeUInt16LE(312, 10); // pre-skip
  head.writeUInt32LE(48000, 12);
  const vendor = Buffer.from('funil-emulator', 'latin1');
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
  tags.write('OpusTags', 0, 'latin1');
  tags.writeUInt32LE(vendor.length, 8);
  vendor.copy(tags, 12);
  tags.writeUInt32LE(0, 12 + vendor.length);
  const silence = Buffer.from([0xf8, 0xff, 0xfe]); // 20 ms CELT silence frame
  const frames = Array.from({ length: 50 }, () => silence);
  return Buffer.concat([oggPage([head], 0n, 0, 0x02), oggPage([tags], 0n, 1, 0x00), oggPage(frames, BigInt(50 * 960), 2, 0x04)]);
};

// A one-page PDF with a line of text and a correct xref table.
export const samplePdf = (text = 'Proposta comercial - Funil'): Buffer => {
  const stream = `BT /F1 18 Tf 40 100 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
};

// A 1x1 lossless WebP (stickers are image/webp, ref §6 stickerMessage).
export const sampleWebp = (): Buffer => Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

// An MP4 header box only; enough for type sniffing, not for playback.
export const sampleMp4 = (): Buffer => {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isomiso2', 16, 'latin1');
  return ftyp;
};

export const sha256Base64 = (buf: Buffer): string => createHash('sha256').update(buf).digest('base64');
