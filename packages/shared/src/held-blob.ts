/**
 * A Blob over bytes already in memory whose arrayBuffer() hands out those bytes, not a copy. Node
 * copies an ordinary Blob out chunk by chunk on every read, which for a database image PGlite
 * reads at each start (tens of megabytes) cost half a second a time. Only for readers that do not
 * write to the buffer: PGlite copies each file of the image into its own memory.
 */
export class HeldBlob extends Blob {
  constructor(private readonly held: ArrayBuffer) {
    super([]);
    // Node declares Blob's size a property (a getter underneath): an own property shadows it.
    Object.defineProperty(this, 'size', { value: held.byteLength, enumerable: true });
  }

  static of(bytes: Uint8Array): HeldBlob {
    return new HeldBlob(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.held);
  }
}

/**
 * The first image `make` gives, kept for the process and handed out as a HeldBlob: a database made
 * once (initdb, migrations) that later ones load. A failure is not kept; the next call tries again.
 */
export function keptImage(make: () => Promise<Blob>): () => Promise<HeldBlob> {
  let kept: Promise<HeldBlob> | undefined;
  return () => {
    kept ??= make()
      .then(async (image) => new HeldBlob(await image.arrayBuffer()))
      .catch((error: unknown) => {
        kept = undefined;
        throw error;
      });
    return kept;
  };
}
