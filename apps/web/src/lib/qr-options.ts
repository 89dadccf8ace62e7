// spec §5 QR option normalisation and §9 QR defaults (800 px, margin 20, correction M).
export type QrOptions = {
  size: number;
  margin: number;
  correctLevel: 'L' | 'M' | 'Q' | 'H';
  dotScale: number;
  logoScale: number;
  binarizeThreshold: number;
};

export const QR_DEFAULTS: QrOptions = {
  size: 800,
  margin: 20,
  correctLevel: 'M',
  dotScale: 1,
  logoScale: 0.2,
  binarizeThreshold: 128,
};

export function normaliseQrOptions(input: Partial<QrOptions>): QrOptions {
  const o = { ...QR_DEFAULTS, ...input };
  return {
    ...o,
    dotScale: o.dotScale < 0 || o.dotScale > 1 ? 0.35 : o.dotScale,
    logoScale: o.logoScale > 0 && o.logoScale < 1 ? o.logoScale : 0.2,
    binarizeThreshold: o.binarizeThreshold >= 1 && o.binarizeThreshold <= 254 ? o.binarizeThreshold : 128,
  };
}
