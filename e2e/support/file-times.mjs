// A node:test reporter (e2e/run.ts passes it to each test process): one line per spec file,
// "<seconds>\t<file>", from the moment the runner starts the file (its process, Chromium, the
// before hooks) to the moment it ends, so a run can be compared with another spec by spec.
// Plain JavaScript: the test runner loads reporters before tsx's loader is in place.

/** @param {AsyncIterable<{ type: string; data?: { name?: string; file?: string } }>} source */
// biome-ignore lint/style/noDefaultExport: node:test takes a custom reporter from its default export
export default async function* fileTimes(source) {
  /** @type {Map<string, number>} */
  const started = new Map();
  for await (const event of source) {
    const { name, file } = event.data ?? {};
    // The file itself is reported as a test named by its path.
    if (!file || name !== file) continue;
    if (event.type === 'test:dequeue') started.set(file, performance.now());
    if (event.type === 'test:complete') {
      const from = started.get(file);
      if (from !== undefined) yield `${((performance.now() - from) / 1000).toFixed(1)}\t${file}\n`;
    }
  }
}
