import { config } from 'zod';

// The site's content security policy allows no eval. zod compiles fast object parsers with `new
// Function` and, to learn whether it may, tries one the first time an object schema is built: the
// browser reports that attempt as a policy violation even though zod catches it. Jitless zod
// neither tries nor compiles. Imported first by main.tsx, before any module builds a schema.
config({ jitless: true });
