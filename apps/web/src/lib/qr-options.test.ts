import { describe, expect, it } from 'vitest';
import { normaliseQrOptions, QR_DEFAULTS } from './qr-options';

describe('QR option normalisation (spec §5, §9)', () => {
  it('keeps the defaults: 800, margin 20, correction M', () => {
    expect(normaliseQrOptions({})).toEqual(QR_DEFAULTS);
    expect(QR_DEFAULTS).toMatchObject({ size: 800, margin: 20, correctLevel: 'M' });
  });

  it('takes the home size 180 and margin 20', () => {
    expect(normaliseQrOptions({ size: 180, margin: 20 })).toMatchObject({ size: 180, margin: 20 });
  });

  it('dot scale outside 0..1 becomes 0.35', () => {
    expect(normaliseQrOptions({ dotScale: -0.1 }).dotScale).toBe(0.35);
    expect(normaliseQrOptions({ dotScale: 1.01 }).dotScale).toBe(0.35);
    expect(normaliseQrOptions({ dotScale: 0 }).dotScale).toBe(0);
    expect(normaliseQrOptions({ dotScale: 1 }).dotScale).toBe(1);
    expect(normaliseQrOptions({ dotScale: 0.5 }).dotScale).toBe(0.5);
  });

  it('logo scale strictly between 0 and 1, else 0.2', () => {
    expect(normaliseQrOptions({ logoScale: 0 }).logoScale).toBe(0.2);
    expect(normaliseQrOptions({ logoScale: 1 }).logoScale).toBe(0.2);
    expect(normaliseQrOptions({ logoScale: 0.3 }).logoScale).toBe(0.3);
  });

  it('binarize threshold 1..254, else 128', () => {
    expect(normaliseQrOptions({ binarizeThreshold: 0 }).binarizeThreshold).toBe(128);
    expect(normaliseQrOptions({ binarizeThreshold: 255 }).binarizeThreshold).toBe(128);
    expect(normaliseQrOptions({ binarizeThreshold: 1 }).binarizeThreshold).toBe(1);
    expect(normaliseQrOptions({ binarizeThreshold: 254 }).binarizeThreshold).toBe(254);
  });
});
