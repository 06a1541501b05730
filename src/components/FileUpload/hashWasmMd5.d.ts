/**
 * hash-wasm's MD5 alone (its package root bundles every algorithm's WebAssembly, 220 KB, which
 * the worker would load for one of them): the UMD build of md5 only, with the package's types.
 */
declare module 'hash-wasm/dist/md5.umd.min.js' {
  import type { IHasher } from 'hash-wasm';

  const md5Only: { createMD5(): Promise<IHasher> };
  export default md5Only;
}
