import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/**
 * The demo provider's logo, drawn here rather than kept as a binary file: 256 × 256 PNG, a white
 * leaf-green disc with a darker ring on transparency. Stored as the upload would store a PNG's bytes
 * (decision 0105 re-encodes uploads as WebP; the proxy reads either).
 */
export function demoLogoPng(): { key: string; content: Buffer; width: number; height: number } {
  const side = 256;
  const rows: Buffer[] = [];
  const centre = (side - 1) / 2;
  for (let y = 0; y < side; y++) {
    const row = Buffer.alloc(1 + side * 4);
    for (let x = 0; x < side; x++) {
      const distance = Math.hypot(x - centre, y - centre);
      const offset = 1 + x * 4;
      if (distance < 92) row.set([47, 133, 90, 255], offset);
      else if (distance < 112) row.set([34, 84, 61, 255], offset);
      else if (distance < 120) row.set([255, 255, 255, 255], offset);
      else row.set([0, 0, 0, 0], offset);
      // A white "leaf": an ellipse tilted across the disc.
      const u = (x - centre) * Math.cos(0.7) + (y - centre) * Math.sin(0.7);
      const v = -(x - centre) * Math.sin(0.7) + (y - centre) * Math.cos(0.7);
      if ((u / 62) ** 2 + (v / 30) ** 2 < 1) row.set([255, 255, 255, 255], offset);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  const content = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { key: createHash('sha256').update(content).digest('hex'), content, width: side, height: side };
}
