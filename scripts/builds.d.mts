// Types of builds.mjs for the TypeScript that uses it (web-build.ts, the server's build test).
export type BrowserApp = 'web' | 'console';
export const root: string;
export const serverEntry: string;
export function newestMtime(entry: string): number;
export function buildIsCurrent(app: BrowserApp): boolean;
export function ensureBuild(app: BrowserApp): boolean;
export function serverBuildIsCurrent(entry?: string): boolean;
export function sourceLocationPlugin(outfile: string): import('esbuild').Plugin;
export function buildServer(outfile?: string, entry?: string): Promise<void>;
export function ensureServerBuild(): Promise<boolean>;
export const startImages: string;
export function startImagesAreCurrent(): boolean;
export function ensureStartImages(): boolean;
