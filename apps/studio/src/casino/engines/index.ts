// The house studio's game engines: pure functions, no I/O, no clock, no Math.random. One import for
// the studio service; fair/ has the provably fair stream, seeds and the verifier.
export * from './arcade/derby';
export * from './arcade/duel';
export * from './arcade/fish';
export * from './arcade/match';
export * from './bet-error';
export * from './crash/crash-engine';
export * from './lottery/lottery-engine';
export * from './registry';
export * from './slot/slot-config';
export * from './slot/slot-engine';
export { SLOT_THEMES, type SlotTheme, type ThemeSymbol } from './slot/themes';
export * from './tables/baccarat';
export * from './tables/cards';
export * from './tables/roulette';
export * from './types';
