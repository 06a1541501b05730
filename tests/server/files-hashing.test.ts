/**
 * The upload's MD5 beside the event loop (server/files/hashing.ts): the same digest as
 * node's own in any chunking, with more uploads at once than threads (the rest hash in the
 * event loop), and after an upload that stopped half-way gave its thread back.
 */
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startMd5 } from '../../server/files/hashing';

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

async function hashInPieces(bytes: Buffer, piece: number): Promise<string> {
  const hash = startMd5();
  for (let at = 0; at < bytes.length; at += piece) await hash.update(bytes.subarray(at, at + piece));
  return hash.digest();
}

describe('the upload hash', () => {
  it('equals node’s MD5 over batch boundaries, in any chunking', async () => {
    // Several 2 MB batches, with an odd tail.
    const bytes = randomBytes(9 * 1024 * 1024 + 12_345);
    expect(await hashInPieces(bytes, 65_536)).toBe(md5(bytes));
    expect(await hashInPieces(bytes, 1_000_003)).toBe(md5(bytes));
    expect(await hashInPieces(bytes, bytes.length)).toBe(md5(bytes));
    expect(await hashInPieces(Buffer.alloc(0), 1)).toBe('d41d8cd98f00b204e9800998ecf8427e');
  });

  it('hashes several uploads at once, more than there are threads', async () => {
    const files = Array.from({ length: 4 }, (_, i) => randomBytes(5 * 1024 * 1024 + i));
    const digests = await Promise.all(files.map((f, i) => hashInPieces(f, 60_000 + i * 7_000)));
    expect(digests).toEqual(files.map(md5));
  });

  it('gives a thread back after an upload that stopped half-way, and the next upload is right', async () => {
    const abandoned = startMd5();
    await abandoned.update(randomBytes(6 * 1024 * 1024));
    abandoned.release();
    const bytes = randomBytes(3 * 1024 * 1024 + 1);
    expect(await hashInPieces(bytes, 100_000)).toBe(md5(bytes));
  });
});
