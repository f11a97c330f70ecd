/**
 * `pnpm bench images`: the image proxy (SPEC §7, decision 0106) on a 4000 × 3000 JPEG asked for as a
 * 400-wide WebP.
 *
 *   1. A database of its own and the production API (`startApiOnOwnDatabase`).
 *   2. BENCH_IMAGE_SOURCES (default 8) photos of 4000 × 3000 made with sharp (noise over a tint, so
 *      they compress like photos), normalised as an upload normalises them (upright, at most 2400 px,
 *      WebP q82, no metadata) and stored under their hash, as the upload stores them.
 *   3. Cold: each source at width 400 with every height that leaves it 400 wide (a variant nobody asked
 *      for yet: a resize and an encode each), two at a time (the machine's cores), against a bare
 *      sharp resize of the same stored bytes with the proxy's settings, two at a time, in the same run
 *      (target ≥ 80 %). Also printed: the bare resize of the 4000 × 3000 JPEG itself, what a proxy
 *      without normalised uploads would pay.
 *   4. Cached: autocannon on the cached variants against /api/health of the same run.
 *
 * Figures are printed, never asserted.
 */
import { createHash } from 'node:crypto';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { startApiOnOwnDatabase } from './bench-support.ts';

const readyTimeoutMs = 120_000;
const sources = Number(process.env.BENCH_IMAGE_SOURCES ?? 8);
const concurrency = 2;
const cachedSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 10;
/** Heights (of the proxy's set) that leave a 4:3 image 400 wide inside a 400-wide box. */
const heights = [undefined, 320, 384, 400, 480, 512, 640, 768, 800, 960, 1024, 1280, 1600, 1920];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Runs `tasks` `concurrency` at a time; answers per second and each task's milliseconds. */
async function timedPool(tasks: (() => Promise<void>)[]): Promise<{ perSecond: number; ms: number[] }> {
  const ms: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tasks.length) {
        const task = tasks[next++];
        const begun = performance.now();
        await task?.();
        ms.push(performance.now() - begun);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: tasks.length / seconds, ms: ms.toSorted((a, b) => a - b) };
}

async function photo(index: number): Promise<Buffer> {
  const tint = { r: 40 + index * 20, g: 120, b: 200 - index * 15 };
  return sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: tint,
      noise: { type: 'gaussian', mean: 0, sigma: 18 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** As `normaliseImage` (apps/api/src/provider-images/image-files.ts) stores a photo. */
async function normalise(jpeg: Buffer): Promise<Buffer> {
  return sharp(jpeg)
    .rotate()
    .resize({ width: 2400, height: 2400, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82, effort: 4 })
    .toBuffer();
}

/** As the proxy renders a WebP variant (apps/api/src/provider-images/image-proxy.ts). */
async function bareResize(source: Buffer, height?: number): Promise<Buffer> {
  return sharp(source, { failOn: 'error' })
    .resize({ width: 400, ...(height && { height }), fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80, effort: 3 })
    .toBuffer();
}

async function load(origin: string, paths: string[]) {
  let next = 0;
  const result = await autocannon({
    url: origin,
    connections,
    pipelining: 1,
    duration: cachedSeconds,
    headers: { accept: 'image/webp,*/*' },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] ?? '/' }),
      },
    ],
  });
  return {
    perSecond: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p95: result.latency.p97_5,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

export async function benchImages(): Promise<void> {
  console.log(`Making ${sources} photos of 4000 × 3000 and storing them as an upload would…`);
  const originals: Buffer[] = [];
  const stored: { key: string; content: Buffer }[] = [];
  for (let index = 0; index < sources; index++) {
    const original = await photo(index);
    const content = await normalise(original);
    originals.push(original);
    stored.push({ key: createHash('sha256').update(content).digest('hex'), content });
  }
  const sizes = originals.map((each) => each.byteLength);
  console.log(
    `JPEG ${(Math.min(...sizes) / 1e6).toFixed(1)}–${(Math.max(...sizes) / 1e6).toFixed(1)} MB → stored WebP 2400 × 1800, ` +
      `${(Math.max(...stored.map((each) => each.content.byteLength)) / 1e6).toFixed(1)} MB at most`,
  );

  const { server, database, dbModule, stop } = await startApiOnOwnDatabase('images', {}, readyTimeoutMs);
  try {
    for (const image of stored) {
      await dbModule.queryRows(
        database.url,
        `insert into stored_images (key, content_type, width, height, size_bytes, content)
         values ($1, 'image/webp', 2400, 1800, $2, $3) on conflict do nothing`,
        [image.key, image.content.byteLength, image.content],
      );
    }
    const variantPaths = stored.flatMap((image) =>
      heights.map(
        (height) =>
          `/api/v1/images?url=${encodeURIComponent(`/api/v1/images/stored/${image.key}`)}&width=400` +
          `${height ? `&height=${height}` : ''}&format=webp`,
      ),
    );
    console.log(
      `Database: ${database.description}; ${variantPaths.length} cold variants, ${concurrency} at a time\n`,
    );

    // Warm-up: sharp's and the server's first calls load libraries.
    await bareResize(stored[0]?.content ?? Buffer.alloc(0));
    let failures = 0;
    const cold = await timedPool(
      variantPaths.map((variant) => async () => {
        const response = await fetch(`${server.origin}${variant}`, { headers: { accept: 'image/webp' } });
        await response.arrayBuffer();
        if (response.status !== 200) failures += 1;
      }),
    );
    const bare = await timedPool(
      stored.flatMap((image) =>
        heights.map((height) => async () => void (await bareResize(image.content, height))),
      ),
    );
    const bareOriginal = await timedPool(
      originals.slice(0, 4).map((original) => async () => void (await bareResize(original))),
    );

    const row = (label: string, figures: { perSecond: number; ms: number[] }) =>
      console.log(
        `${label.padEnd(44)}${figures.perSecond.toFixed(1).padStart(10)}${percentile(figures.ms, 50).toFixed(0).padStart(8)}` +
          `${percentile(figures.ms, 95).toFixed(0).padStart(8)}`,
      );
    console.log(
      `${'cold (a new variant each)'.padEnd(44)}${'images/s'.padStart(10)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}`,
    );
    row('proxy: stored WebP → 400-wide WebP', cold);
    row('bare sharp: the same stored bytes', bare);
    row('bare sharp: the 4000 × 3000 JPEG itself', bareOriginal);
    console.log(
      `\nproxy / bare sharp (cold): ${((cold.perSecond / bare.perSecond) * 100).toFixed(0)} %   (target ≥ 80 %); failures: ${failures}`,
    );

    const cached = await load(server.origin, variantPaths);
    const health = await load(server.origin, ['/api/health']);
    console.log(
      `\n${'cached (autocannon, 10 connections)'.padEnd(44)}${'req/s'.padStart(10)}${'p50'.padStart(6)}${'p97.5'.padStart(7)}${'p99'.padStart(6)}  non-2xx`,
    );
    for (const [label, figures] of [
      ['proxy: cached variants', cached],
      ['/api/health', health],
    ] as const) {
      console.log(
        `${label.padEnd(44)}${figures.perSecond.toFixed(0).padStart(10)}${String(figures.p50).padStart(6)}` +
          `${String(figures.p95).padStart(7)}${String(figures.p99).padStart(6)}  ${figures.non2xx}`,
      );
    }
    console.log(`\ncached / health: ${((cached.perSecond / health.perSecond) * 100).toFixed(0)} %`);
  } finally {
    await stop();
  }
}
