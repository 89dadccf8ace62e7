import { describe, expect, it } from 'vitest';
import { imageUrl, onImageHost, pickImageHost, rememberImageHosts } from './art';

describe('image hosts (spec §4 "chosen at random from configured lists")', () => {
  const hosts = ['https://img1.example', 'https://img2.example/', 'https://img3.example'];

  it('picks each configured host by the random draw, without a trailing slash', () => {
    expect(pickImageHost(hosts, () => 0)).toBe('https://img1.example');
    expect(pickImageHost(hosts, () => 0.5)).toBe('https://img2.example');
    expect(pickImageHost(hosts, () => 0.999)).toBe('https://img3.example');
    const seen = new Set(Array.from({ length: 200 }, () => pickImageHost(hosts)));
    expect(seen).toEqual(new Set(['https://img1.example', 'https://img2.example', 'https://img3.example']));
  });

  it('uses this origin for an empty list, no list or an empty entry', () => {
    expect(pickImageHost([])).toBe('');
    expect(pickImageHost(undefined)).toBe('');
    expect(pickImageHost([''])).toBe('');
  });

  it('puts site-relative art on the host and leaves absolute URLs alone', () => {
    expect(onImageHost('https://img1.example', '/art/games/7.svg')).toBe('https://img1.example/art/games/7.svg');
    expect(onImageHost('', '/art/games/7.svg')).toBe('/art/games/7.svg');
    expect(onImageHost('https://img1.example', 'https://other.example/a.png')).toBe('https://other.example/a.png');
    expect(onImageHost('https://img1.example', '//cdn.example/a.png')).toBe('//cdn.example/a.png');
  });

  it('keeps one host for the whole page load', () => {
    expect(imageUrl('/art/vendors/PT.svg')).toBe('/art/vendors/PT.svg');
    rememberImageHosts(['https://img2.example']);
    rememberImageHosts(['https://img3.example']);
    expect(imageUrl('/art/vendors/PT.svg')).toBe('https://img2.example/art/vendors/PT.svg');
    expect(imageUrl('/art/games/default.svg')).toBe('https://img2.example/art/games/default.svg');
  });
});
