// Debian's Chromium, driven by playwright-core (`npx playwright install` needs the internet). The
// flags keep it headless, sandbox-free for root in a container, and off the network. No DOM types
// here: the benches that drive Chromium import it from the server's program.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
