// Preloaded into a process a bench starts (node --require), so that the bench can profile a window
// of its run rather than its start-up: the first SIGUSR2 starts the CPU profiler, the second writes
// the profile to BENCH_PROFILE_FILE (written whole, then renamed, so a reader never sees half a file).
const { Session } = require('node:inspector');
const { renameSync, writeFileSync } = require('node:fs');

const file = process.env.BENCH_PROFILE_FILE;
if (file) {
  const session = new Session();
  session.connect();
  let running = false;
  process.on('SIGUSR2', () => {
    if (!running) {
      running = true;
      session.post('Profiler.enable', () => session.post('Profiler.start'));
      return;
    }
    running = false;
    session.post('Profiler.stop', (err, result) => {
      if (err) return;
      writeFileSync(`${file}.part`, JSON.stringify(result.profile));
      renameSync(`${file}.part`, file);
    });
  });
}
