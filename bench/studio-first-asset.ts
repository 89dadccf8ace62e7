// How long a fresh process takes to answer its first studio page script: the pages' build and the
// compression of what is served (client-bundle.ts), paid once per process by the first player (and by
// the first browser test of every lane). docs/benchmarks.md "Studio page bytes".
//
//   node --import tsx bench/studio-first-asset.ts
import { clientAsset } from '../apps/studio/src/kit/client-bundle';

const started = performance.now();
const asset = await clientAsset('play.js');
if (!asset) throw new Error('no play.js');
console.log(`first play.js: ${Math.round(performance.now() - started)} ms (${asset.body.length} bytes)`);
