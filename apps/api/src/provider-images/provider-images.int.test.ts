import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import {
  FacilityPhotoSchema,
  maxPhotosPerFacility,
  ProviderImagesSchema,
  ProviderLogoSchema,
  storedImagePathPrefix,
} from '@opora/contracts';
import { facilityPhotos, providers, storedImages } from '@opora/db';
import { createFacility, createProvider } from '@opora/db/testing';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestServer, startAccountTestServer } from '../accounts/testing/account-test-server.ts';
import { type ProviderMember, providerMember } from '../provider-inbox/testing/provider-member.ts';

// A pool smaller than the concurrent bursts below, so uploads queue for connections.
const poolSize = 4;
let server: AccountTestServer;
let providerId = '';
let facilityId = '';
let administrator: ProviderMember;
let coordinator: ProviderMember;
let worker: ProviderMember;
let stranger: ProviderMember;

beforeAll(async () => {
  server = await startAccountTestServer({ pool: { max: poolSize }, env: { RATE_LIMIT_MAX: '100000' } });
  const db = server.database.db;
  providerId = (await createProvider(db)).id;
  facilityId = (await createFacility(db, { providerId })).id;
  administrator = await providerMember(server, providerId, ['providerAdmin']);
  coordinator = await providerMember(server, providerId, ['providerCoordinator']);
  worker = await providerMember(server, providerId, ['providerUser'], { facilityIds: [facilityId] });
  stranger = await providerMember(server, (await createProvider(db)).id, ['providerAdmin']);
});

afterAll(async () => {
  await server.close();
});

const db = () => server.database.db;
const logoUrl = () => `/api/v1/provider/providers/${providerId}/logo`;
const photoUrl = (photoId: string, facility = facilityId) =>
  `/api/v1/provider/providers/${providerId}/facilities/${facility}/photos/${photoId}`;

function upload(url: string, who: { headers: Record<string, string> }, body: Buffer) {
  return server.app.inject({
    method: 'PUT',
    url,
    headers: { ...who.headers, 'content-type': 'application/octet-stream' },
    payload: body,
  });
}

async function png(width: number, height: number, background = '#2b6cb0') {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

async function storedImageCount() {
  const [row] = await db().select({ n: count() }).from(storedImages);
  return row?.n ?? 0;
}

/** A PNG whose header says `side` × `side`: rows of zeros deflate to almost nothing (a bomb). */
function pngBomb(side: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(1, 8); // bit depth 1
  header.writeUInt8(0, 9); // greyscale
  const row = Math.ceil(side / 8) + 1;
  const pixels = deflateSync(Buffer.alloc(row * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('the logo', () => {
  it('is stored normalised as WebP under the hash of its bytes, replaced, and removed', async () => {
    const first = await upload(logoUrl(), administrator, await png(300, 200));
    expect(first.statusCode).toBe(200);
    const { logo } = ProviderLogoSchema.parse(first.json());
    expect(logo.path).toMatch(new RegExp(`^${storedImagePathPrefix}[0-9a-f]{64}$`));
    expect([logo.width, logo.height]).toEqual([300, 200]);
    const served = await server.app.inject({ method: 'GET', url: logo.path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');

    const second = await upload(logoUrl(), administrator, await png(300, 200, '#c53030'));
    const replaced = ProviderLogoSchema.parse(second.json()).logo;
    expect(replaced.path).not.toBe(logo.path);
    // The previous logo's bytes are gone with it.
    expect((await server.app.inject({ method: 'GET', url: logo.path })).statusCode).toBe(404);
    const [row] = await db()
      .select({ logoUrl: providers.logoUrl })
      .from(providers)
      .where(eq(providers.id, providerId));
    expect(row?.logoUrl).toBe(replaced.path);

    const removed = await server.app.inject({
      method: 'DELETE',
      url: logoUrl(),
      headers: administrator.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await server.app.inject({ method: 'GET', url: replaced.path })).statusCode).toBe(404);
    const images = await server.app.inject({
      method: 'GET',
      url: `/api/v1/provider/providers/${providerId}/images`,
      headers: worker.headers,
    });
    expect(ProviderImagesSchema.parse(images.json()).logo).toBeNull();
  });

  it('is the administrators’: a coordinator or worker is refused, another provider’s member gets 404', async () => {
    const image = await png(200, 200);
    expect((await upload(logoUrl(), coordinator, image)).statusCode).toBe(403);
    expect((await upload(logoUrl(), worker, image)).statusCode).toBe(403);
    expect((await upload(logoUrl(), stranger, image)).statusCode).toBe(404);
    const guest = await server.app.inject({
      method: 'PUT',
      url: logoUrl(),
      headers: { 'content-type': 'application/octet-stream' },
      payload: image,
    });
    expect(guest.statusCode).toBe(401);
  });
});

describe('hostile uploads', () => {
  it('refuses a 20,000 × 20,000 PNG from its header, before decoding it', async () => {
    const bomb = pngBomb(20_000);
    expect(bomb.byteLength).toBeLessThan(200_000);
    const before = await storedImageCount();
    const started = performance.now();
    const response = await upload(logoUrl(), administrator, bomb);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'ImageDimensionsNotAllowed' });
    // Decoding 400 megapixels would take seconds and gigabytes; reading the header takes nothing.
    expect(performance.now() - started).toBeLessThan(5000);
    expect(await storedImageCount()).toBe(before);
  });

  it('refuses an SVG with a script, a GIF that is also JavaScript, and text, whatever they claim', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">' +
        '<script>alert(document.cookie)</script><rect width="400" height="400"/></svg>',
    );
    const gifScript = Buffer.concat([
      Buffer.from('GIF89a/*'),
      Buffer.from([0x90, 0x01, 0x90, 0x01, 0x00, 0x00, 0x00]),
      Buffer.from('*/=1;alert(1);//'),
    ]);
    for (const body of [svg, gifScript, Buffer.from('hello'), Buffer.alloc(0)]) {
      const response = await upload(logoUrl(), administrator, body);
      expect(response.statusCode, body.subarray(0, 12).toString()).toBe(415);
    }
  });

  it('neutralises a JPEG that is also a zip: sniffed as JPEG, re-encoded, the zip gone', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#38a169' } })
      .jpeg()
      .toBuffer();
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.from('evil.js'), Buffer.alloc(64)]);
    const response = await upload(photoUrl(randomUUID()), administrator, Buffer.concat([jpeg, zip]));
    expect(response.statusCode).toBe(201);
    const photo = FacilityPhotoSchema.parse(response.json());
    const served = await server.app.inject({ method: 'GET', url: photo.image.path });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
    expect(served.rawPayload.includes(Buffer.from('PK\u0003\u0004'))).toBe(false);
    expect(served.rawPayload.includes(Buffer.from('evil.js'))).toBe(false);
  });

  it('refuses 11 MB with 413 and stores nothing', async () => {
    const before = await storedImageCount();
    const response = await upload(logoUrl(), administrator, Buffer.alloc(11 * 1024 * 1024, 0xff));
    expect(response.statusCode).toBe(413);
    expect(await storedImageCount()).toBe(before);
  });

  it('takes a PNG named .jpg as the PNG it is: the content decides, the name is not read', async () => {
    const response = await upload(photoUrl(randomUUID()), coordinator, await png(640, 480));
    expect(response.statusCode).toBe(201);
  });

  it('stores an opaque photo as a baseline JPEG of at most 2048 px, a transparent one as WebP with its alpha', async () => {
    const large = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#2f855a' } })
      .jpeg({ progressive: true })
      .toBuffer();
    const opaque = FacilityPhotoSchema.parse(
      (await upload(photoUrl(randomUUID()), coordinator, large)).json(),
    );
    expect([opaque.image.width, opaque.image.height]).toEqual([2048, 1536]);
    const jpeg = await server.app.inject({ method: 'GET', url: opaque.image.path });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    const jpegMetadata = await sharp(jpeg.rawPayload).metadata();
    expect([jpegMetadata.format, jpegMetadata.isProgressive]).toEqual(['jpeg', false]);

    const translucent = await sharp({
      create: { width: 640, height: 480, channels: 4, background: { r: 40, g: 80, b: 160, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const withAlpha = FacilityPhotoSchema.parse(
      (await upload(photoUrl(randomUUID()), coordinator, translucent)).json(),
    );
    const webp = await server.app.inject({ method: 'GET', url: withAlpha.image.path });
    expect(webp.headers['content-type']).toBe('image/webp');
    const webpMetadata = await sharp(webp.rawPayload).metadata();
    expect([webpMetadata.format, webpMetadata.hasAlpha]).toEqual(['webp', true]);
  });

  it('refuses images smaller than their kind’s minimum', async () => {
    const response = await upload(photoUrl(randomUUID()), administrator, await png(200, 200));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'ImageDimensionsNotAllowed' });
  });

  it('strips EXIF (GPS included) and turns the photo upright by its orientation', async () => {
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#805ad5' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Phone', Copyright: 'Someone' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '50/1 5/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '14/1 25/1 0/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sent = await sharp(photo).metadata();
    expect(sent.exif).toBeDefined();
    expect(sent.orientation).toBe(6);
    const response = await upload(photoUrl(randomUUID()), administrator, photo);
    expect(response.statusCode).toBe(201);
    const stored = FacilityPhotoSchema.parse(response.json());
    // Orientation 6 is a quarter turn: 640 × 480 as taken is 480 × 640 upright.
    expect([stored.image.width, stored.image.height]).toEqual([480, 640]);
    const served = await server.app.inject({ method: 'GET', url: stored.image.path });
    expect(served.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
  });
});

describe('facility photos', () => {
  it('are the listing editors’: a worker is refused, another provider’s member and facility are 404', async () => {
    const image = await png(400, 400);
    expect((await upload(photoUrl(randomUUID()), worker, image)).statusCode).toBe(403);
    expect((await upload(photoUrl(randomUUID()), stranger, image)).statusCode).toBe(404);
    const elsewhere = (await createFacility(db(), { providerId: (await createProvider(db())).id })).id;
    expect((await upload(photoUrl(randomUUID(), elsewhere), administrator, image)).statusCode).toBe(404);
  });

  it('store one photo for a double submit, and never more than the limit under a burst', async () => {
    const facility = (await createFacility(db(), { providerId })).id;
    const image = await png(400, 400, '#dd6b20');
    const photoId = randomUUID();
    const twice = await Promise.all([
      upload(photoUrl(photoId, facility), administrator, image),
      upload(photoUrl(photoId, facility), administrator, image),
    ]);
    expect(twice.map((response) => response.statusCode)).toEqual([201, 201]);
    expect(twice[0]?.json()).toEqual(twice[1]?.json());
    // More uploads at once than the pool has connections and than the facility may hold.
    const burst = await Promise.all(
      Array.from({ length: maxPhotosPerFacility + 3 }, async (_, index) =>
        upload(
          photoUrl(randomUUID(), facility),
          coordinator,
          await png(400, 400, `#0000${(index + 16).toString(16)}`),
        ),
      ),
    );
    const statuses = burst.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(maxPhotosPerFacility - 1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(4);
    const [row] = await db()
      .select({ n: count() })
      .from(facilityPhotos)
      .where(eq(facilityPhotos.facilityId, facility));
    expect(row?.n).toBe(maxPhotosPerFacility);
  });

  it('take alt text, refusing hostile text with nothing written, and keep the order given', async () => {
    const facility = (await createFacility(db(), { providerId })).id;
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) {
      expect((await upload(photoUrl(id, facility), administrator, await png(400, 400))).statusCode).toBe(201);
    }
    const altUrl = `${photoUrl(ids[0] ?? '', facility)}/alt`;
    const saved = await server.app.inject({
      method: 'PUT',
      url: altUrl,
      headers: administrator.headers,
      payload: { alt: { cs: 'Zahrada domova', sk: 'Záhrada domova', en: '' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(FacilityPhotoSchema.parse(saved.json()).alt).toEqual({
      cs: 'Zahrada domova',
      sk: 'Záhrada domova',
      en: null,
    });
    for (const hostile of ['a\u0000b', 'a\ud800b', 'x'.repeat(1024 * 1024)]) {
      const refused = await server.app.inject({
        method: 'PUT',
        url: altUrl,
        headers: administrator.headers,
        payload: { alt: { cs: hostile } },
      });
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode).toBeLessThan(500);
    }
    const [kept] = await db()
      .select({ altCs: facilityPhotos.altCs })
      .from(facilityPhotos)
      .where(eq(facilityPhotos.id, ids[0] ?? ''));
    expect(kept?.altCs).toBe('Zahrada domova');

    const reversed = ids.toReversed();
    const ordered = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/provider/providers/${providerId}/facilities/${facility}/photo-order`,
      headers: coordinator.headers,
      payload: { photoIds: reversed },
    });
    expect(ordered.statusCode).toBe(200);
    expect(ordered.json<{ id: string }[]>().map((photo) => photo.id)).toEqual(reversed);
    const partial = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/provider/providers/${providerId}/facilities/${facility}/photo-order`,
      headers: coordinator.headers,
      payload: { photoIds: reversed.slice(1) },
    });
    expect(partial.statusCode).toBe(409);

    const deleted = await server.app.inject({
      method: 'DELETE',
      url: photoUrl(ids[1] ?? '', facility),
      headers: coordinator.headers,
    });
    expect(deleted.statusCode).toBe(204);
    const left = await server.app.inject({
      method: 'GET',
      url: `/api/v1/provider/providers/${providerId}/images`,
      headers: worker.headers,
    });
    const photos = ProviderImagesSchema.parse(left.json()).facilities.find(
      (each) => each.id === facility,
    )?.photos;
    expect(photos?.map((photo) => photo.id)).toEqual([ids[2], ids[0]]);
  });
});

describe('the image proxy', () => {
  let path = '';
  beforeAll(async () => {
    const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#3182ce' } })
      .jpeg()
      .toBuffer();
    const response = await upload(photoUrl(randomUUID()), administrator, photo);
    path = FacilityPhotoSchema.parse(response.json()).image.path;
  });

  const proxy = (query: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url: `/api/v1/images?${query}`, headers });

  it('resizes a stored image into the box, in the format the browser accepts, cached for a year', async () => {
    const webp = await proxy(`url=${encodeURIComponent(path)}&width=400&format=auto`, {
      accept: 'image/webp,*/*',
    });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(webp.headers.vary).toBe('Accept');
    const metadata = await sharp(webp.rawPayload).metadata();
    expect([metadata.width, metadata.height]).toEqual([400, 300]);
    const etag = String(webp.headers.etag);
    const again = await proxy(`url=${encodeURIComponent(path)}&width=400&format=auto`, {
      accept: 'image/webp,*/*',
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);

    const avif = await proxy(`url=${encodeURIComponent(path)}&width=96&height=96`, {
      accept: 'image/avif,image/webp,*/*',
    });
    expect(avif.headers['content-type']).toBe('image/avif');
    const jpeg = await proxy(`url=${encodeURIComponent(`${server.app.config.publicUrl}${path}`)}&width=64`, {
      accept: '*/*',
    });
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
  });

  it('serves nothing but stored images: foreign, local, traversing and encoded addresses are 404', async () => {
    const key = path.slice(storedImagePathPrefix.length);
    const foreign = [
      'http://169.254.169.254/latest/meta-data/',
      `http://169.254.169.254${path}`,
      'file:///etc/passwd',
      `file://${path}`,
      `https://evil.test${path}`,
      `//evil.test${path}`,
      `${server.app.config.publicUrl}@evil.test${path}`,
      `${server.app.config.publicUrl}0${path}`,
      `${path}/../../../../etc/passwd`,
      `${storedImagePathPrefix}../../health`,
      `${storedImagePathPrefix}%2e%2e%2f%2e%2e%2fhealth`,
      `${path}?x=1`,
      `${path}#x`,
      `${path}%00`,
      ` ${path}`,
      `/api/v1/images/stored/${key.toUpperCase()}`,
      `/api/v1/images/stored/${'0'.repeat(64)}`,
      '/api/health',
    ];
    for (const url of foreign) {
      const response = await proxy(`url=${encodeURIComponent(url)}&width=64`);
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('refuses sizes outside the fixed set, so it cannot be made to burn CPU', async () => {
    for (const size of ['5000', '401', '0', '-1', '1e3', 'abc']) {
      const response = await proxy(`url=${encodeURIComponent(path)}&width=${size}`);
      expect(response.statusCode, size).toBe(400);
    }
    expect((await proxy(`url=${encodeURIComponent(path)}&format=gif`)).statusCode).toBe(400);
  });
});
