// The page's Content-Security-Policy forbids eval. Zod would otherwise probe `new Function` before
// compiling its object parsers, and the browser reports the refused probe as a policy violation;
// jitless, it interprets schemas instead (the app validates small bodies: no measurable cost).
//
// Zod's global setting is this object of `globalThis` (zod/v4/core's `globalConfig`, which `config`
// writes to), set here without importing zod: zod loads with the first chunk that checks a body, not
// with the first screen (~5 KB gzipped even for `config` alone). zod-jitless.test.tsx checks that
// zod reads it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
