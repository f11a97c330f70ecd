// zod compiles object parsers with `new Function` when it may, probing for that when the first schema
// is built. The Content-Security-Policy forbids eval, and the browser reports even the caught probe as
// a violation. zod reads its configuration from this global when it loads, so the form schemas (in
// lazy chunks) start interpreted without the shell importing zod; the interpreter is fast enough for
// forms. Equivalent to `z.config({ jitless: true })`; the browser tests fail on any CSP violation.
const zodHost = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodHost.__zod_globalConfig = { ...zodHost.__zod_globalConfig, jitless: true };
