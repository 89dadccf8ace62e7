// Built by the `englishCore` plugin in vite.config.ts from locales/en.json.
declare module 'virtual:locale-en-core' {
  export const strings: Record<string, unknown>;
}
