/**
 * Which browsers need src/polyfills.ts (src/app.tsx `render` loads it for them). Its own module:
 * src/app.tsx may export only Umi's runtime keys.
 */

/**
 * Whether this browser lacks part of what src/polyfills.ts fills in. The newest of it is checked
 * (ES2023–2024 and the URL additions): a browser that has these has the older parts too, and
 * what core-js would still patch there (setImmediate, bug fixes of edge cases) nothing here uses.
 */
export function lacksStandardLibrary(): boolean {
  return !(
    'withResolvers' in Promise &&
    'groupBy' in Object &&
    'groupBy' in Map &&
    'toSorted' in Array.prototype &&
    'with' in Array.prototype &&
    'toSorted' in Int8Array.prototype &&
    'isWellFormed' in String.prototype &&
    'canParse' in URL &&
    'size' in URLSearchParams.prototype &&
    typeof structuredClone === 'function'
  );
}
