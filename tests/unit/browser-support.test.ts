/**
 * src/browserSupport.ts: a browser with the newest parts of the standard library skips the
 * polyfills; one without any of them loads them. src/polyfills.ts: the core-js modules Babel's
 * preset-env picks for config/targets.ts, as Umi's own polyfill feature would.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lacksStandardLibrary } from '@/browserSupport';
import { BROWSER_TARGETS } from '../../config/targets';

/** What the check looks at, as [where it is looked up, name]. */
const FEATURES: [object, string][] = [
  [Promise, 'withResolvers'],
  [Object, 'groupBy'],
  [Map, 'groupBy'],
  [Array.prototype, 'toSorted'],
  [Array.prototype, 'with'],
  [Int8Array.prototype, 'toSorted'],
  [String.prototype, 'isWellFormed'],
  [URL, 'canParse'],
  [URLSearchParams.prototype, 'size'],
  [globalThis, 'structuredClone'],
];

/** The object along the prototype chain that holds `name` itself (Int8Array's toSorted is %TypedArray%'s). */
function holderOf(start: object, name: string): object | undefined {
  for (let o: object | null = start; o; o = Object.getPrototypeOf(o)) if (Object.prototype.hasOwnProperty.call(o, name)) return o;
  return undefined;
}

const added: [object, string][] = [];

/** Gives the test environment every feature the check wants (Node and the test DOM lack some). */
function modernize() {
  for (const [owner, name] of FEATURES) {
    if (name in owner) continue;
    Object.defineProperty(owner, name, { value: () => undefined, configurable: true, writable: true });
    added.push([owner, name]);
  }
}

afterEach(() => {
  for (const [owner, name] of added.splice(0)) Reflect.deleteProperty(owner, name);
});

describe('lacksStandardLibrary', () => {
  it('is false where everything is there', () => {
    modernize();
    expect(lacksStandardLibrary()).toBe(false);
  });

  it.each(FEATURES.map(([owner, name]) => [name, owner] as const))('is true without %s', (name, owner) => {
    modernize();
    const holder = holderOf(owner, name)!;
    const saved = Object.getOwnPropertyDescriptor(holder, name)!;
    Reflect.deleteProperty(holder, name);
    try {
      expect(name in owner).toBe(false);
      expect(lacksStandardLibrary()).toBe(true);
    } finally {
      Object.defineProperty(holder, name, saved);
    }
  });
});

describe('src/polyfills.ts', () => {
  it('lists what preset-env picks for `core-js/stable` and the targets, with Umi\'s core-js version', () => {
    const root = path.resolve(__dirname, '../..');
    const load = createRequire(path.join(root, 'package.json'));
    const babel: { transformSync(code: string, options: object): { code?: string | null } | null } = load('@umijs/bundler-utils/compiled/babel/core');
    const { getCorejsVersion }: { getCorejsVersion(pkg: string): string } = load('@umijs/utils');
    const result = babel.transformSync("import 'core-js/stable';", {
      filename: 'polyfills.ts',
      babelrc: false,
      configFile: false,
      browserslistConfigFile: false,
      presets: [
        [
          load.resolve('@umijs/bundler-utils/compiled/babel/preset-env'),
          {
            useBuiltIns: 'entry',
            corejs: getCorejsVersion(load.resolve('@umijs/preset-umi/package.json')),
            modules: false,
            targets: BROWSER_TARGETS,
            ignoreBrowserslistConfig: true,
          },
        ],
      ],
    });
    const modules = (text: string) => [...text.matchAll(/import ["'](core-js\/modules\/[^"']+)["']/g)].map((m) => m[1]);
    const wanted = modules(result?.code ?? '');
    expect(wanted.length).toBeGreaterThan(0);
    expect(modules(fs.readFileSync(path.join(root, 'src/polyfills.ts'), 'utf8'))).toEqual(wanted);
  });
});
