/**
 * `pnpm bench images`: the image proxy (SPEC §7, decisions 0105, 0106) on a 4000 × 3000 JPEG asked for
 * as a 400-wide WebP.
 *
 *   1. A database of its own and the production API (`startApiOnOwnDatabase`).
 *   2. BENCH_IMAGE_SOURCES (default 8) photos of 4000 × 3000 made with sharp (noise over a tint, so
 *      they compress like photos), normalised by the upload's own `normaliseImage` and stored under
 *      their hash, as the upload stores them.
 *   3. Cold: each source at width 400 with every height that leaves it 400 wide (a variant nobody asked
 *      for yet: a resize and an encode each), two at a time (the machine's cores). Interleaved source
 *      by source, so the machine's drift falls on every line alike: the proxy's 14 variants, then a
 *      bare sharp resize with the proxy's settings of the uploaded JPEG's bytes (the target, ≥ 80 %),
 *      then of the stored bytes (what the proxy adds over its own resize).
 *   4. Cached: autocannon on the cached variants against /api/health of the same run.
 *
 * Figures are printed, never asserted.
 */
import { normaliseImage } from '@opora/api/provider-images/image-files';
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

/** Figures of one line, added up over the interleaved rounds. */
class Timed {
  readonly ms: number[] = [];
  seconds = 0;

  /** Runs `tasks` `concurrency` at a time, adding their wall time and each task's milliseconds. */
  async run(tasks: (() => Promise<void>)[]): Promise<void> {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < tasks.length) {
          const task = tasks[next++];
          const begun = performance.now();
          await task?.();
          this.ms.push(performance.now() - begun);
        }
      }),
    );
    this.seconds += (performance.now() - started) / 1000;
  }

  get perSecond(): number {
    return this.ms.length / this.seconds;
  }
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
  console.log(`Making ${sources} photos of 4000 × 3000 and storing them as an upload does…`);
  const originals: Buffer[] = [];
  const stored: Awaited<ReturnType<typeof normaliseImage>>[] = [];
  for (let index = 0; index < sources; index++) {
    const original = await photo(index);
    originals.push(original);
    stored.push(await normaliseImage(original, 'photo'));
  }
  const megabytes = (bytes: number[]) =>
    `${(Math.min(...bytes) / 1e6).toFixed(2)}–${(Math.max(...bytes) / 1e6).toFixed(2)} MB`;
  const first = stored[0];
  console.log(
    `JPEG ${megabytes(originals.map((each) => each.byteLength))} → stored ${first?.contentType} ` +
      `${first?.width} × ${first?.height}, ${megabytes(stored.map((each) => each.content.byteLength))}`,
  );

  const { server, database, dbModule, stop } = await startApiOnOwnDatabase('images', {}, readyTimeoutMs);
  try {
    for (const image of stored) {
      await dbModule.queryRows(
        database.url,
        `insert into stored_images (key, content_type, width, height, size_bytes, content)
         values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
        [image.key, image.contentType, image.width, image.height, image.content.byteLength, image.content],
      );
    }
    const variantPath = (key: string, height: number | undefined) =>
      `/api/v1/images?url=${encodeURIComponent(`/api/v1/images/stored/${key}`)}&width=400` +
      `${height ? `&height=${height}` : ''}&format=webp`;
    const variantPaths = stored.flatMap((image) => heights.map((height) => variantPath(image.key, height)));
    console.log(
      `Database: ${database.description}; ${variantPaths.length} cold variants, ${concurrency} at a time, ` +
        'interleaved source by source\n',
    );

    // Warm-up of both processes (sharp's and the server's first calls load libraries), on a size the
    // measured rounds never ask for.
    await bareResize(originals[0] ?? Buffer.alloc(0));
    await fetch(
      `${server.origin}${variantPath(stored[0]?.key ?? '', undefined).replace('width=400', 'width=32')}`,
    );
    let failures = 0;
    const cold = new Timed();
    const bareUploaded = new Timed();
    const bareStored = new Timed();
    for (const [index, image] of stored.entries()) {
      const original = originals[index] ?? Buffer.alloc(0);
      await cold.run(
        heights.map((height) => async () => {
          const response = await fetch(`${server.origin}${variantPath(image.key, height)}`, {
            headers: { accept: 'image/webp' },
          });
          await response.arrayBuffer();
          if (response.status !== 200) failures += 1;
        }),
      );
      await bareUploaded.run(heights.map((height) => async () => void (await bareResize(original, height))));
      await bareStored.run(
        heights.map((height) => async () => void (await bareResize(image.content, height))),
      );
    }

    const row = (label: string, figures: Timed) => {
      const sorted = figures.ms.toSorted((a, b) => a - b);
      console.log(
        `${label.padEnd(44)}${figures.perSecond.toFixed(1).padStart(10)}${percentile(sorted, 50).toFixed(0).padStart(8)}` +
          `${percentile(sorted, 95).toFixed(0).padStart(8)}`,
      );
    };
    console.log(
      `${'cold (a new variant each)'.padEnd(44)}${'images/s'.padStart(10)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}`,
    );
    row(`proxy: stored ${first?.contentType.replace('image/', '')} → 400-wide WebP`, cold);
    row('bare sharp: the uploaded 4000 × 3000 JPEG', bareUploaded);
    row('bare sharp: the stored bytes', bareStored);
    const percent = (a: Timed, b: Timed) => `${((a.perSecond / b.perSecond) * 100).toFixed(0)} %`;
    console.log(
      `\nproxy / bare sharp of the uploaded JPEG (cold): ${percent(cold, bareUploaded)}   (target ≥ 80 %)` +
        `\nproxy / bare sharp of the stored bytes (cold): ${percent(cold, bareStored)}   failures: ${failures}`,
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
