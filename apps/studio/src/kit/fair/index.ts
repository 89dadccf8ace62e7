// The provably fair toolkit, in one import for the studio service and its verifier page.
export {
  createFairRng,
  type FairRng,
  fairMessage,
  floatAt,
  outcomeBytes,
  STEP_CURSOR_STRIDE,
} from './fair-rng';
export {
  checkServerSeed,
  hashServerSeed,
  newClientSeed,
  newServerSeed,
  rotateServerSeed,
  type SeedCommitment,
  type SeedRotation,
  sha256Hex,
} from './seeds';
export { createSimRng } from './sim-rng';
