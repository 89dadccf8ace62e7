// What a benchmark needs to run the server in its own process. bundledServer() bundles this file as
// `npm start` bundles main.ts, so the server's code runs as production runs it.
export { buildApp } from '../../apps/server/src/app';
export { bootstrap } from '../../apps/server/src/bootstrap';
export { testConfig } from '../../apps/server/src/config';
