// The site's content security policy allows no eval. zod compiles fast object parsers with `new
// Function` and, to learn whether it may, tries one the first time an object schema is built: the
// browser reports that attempt as a policy violation even though zod catches it. Jitless zod
// neither tries nor compiles. zod keeps its configuration on globalThis.__zod_globalConfig (so that
// every copy shares it), which lets this module, imported first by main.tsx, set it without
// importing zod into the first chunk (the home page's 150 KiB budget). zod-jitless.test.ts checks
// that zod still reads it there.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
