// The ALTCHA v2 proof of work (api-conventions "Challenge"), solved with Web Crypto the way
// altcha-lib's solveChallenge does: key = hash^cost(salt || nonce || counter as uint32 BE),
// find the first counter whose key starts with keyPrefix; send base64(JSON { challenge, solution }).
export type Challenge = {
  parameters: { algorithm: string; nonce: string; salt: string; cost: number; keyLength: number; keyPrefix: string };
  signature?: string;
};

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function solveChallenge(challenge: Challenge): Promise<string> {
  const { algorithm, nonce, salt, cost, keyLength = 32, keyPrefix } = challenge.parameters;
  const saltBytes = hexToBytes(salt);
  const nonceBytes = hexToBytes(nonce);
  const input = new Uint8Array(saltBytes.length + nonceBytes.length + 4);
  input.set(saltBytes, 0);
  input.set(nonceBytes, saltBytes.length);
  const view = new DataView(input.buffer);
  const prefix = keyPrefix.toLowerCase();
  const started = performance.now();
  for (let counter = 0; counter < 0xffffffff; counter++) {
    view.setUint32(saltBytes.length + nonceBytes.length, counter, false);
    let key: Uint8Array<ArrayBuffer> = input;
    for (let i = 0; i < Math.max(1, cost); i++) key = new Uint8Array(await crypto.subtle.digest(algorithm, key));
    const hex = bytesToHex(key.slice(0, keyLength));
    if (hex.startsWith(prefix)) {
      const solution = { counter, derivedKey: hex, time: Math.round(performance.now() - started) };
      return btoa(JSON.stringify({ challenge, solution }));
    }
  }
  throw new Error('challenge not solved');
}
