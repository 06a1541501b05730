// Types of ./serverBundle.mjs for the TypeScript that imports it (tests, benchmarks).
export declare const repoRoot: string;
export declare const defaultServerBundleDir: string;
export declare function buildServerBundle(outDir?: string): Promise<string>;
export declare function buildScratchServerBundle(tag: string): Promise<{ entry: string; remove(): void }>;
export declare function serverNodeArgs(entry: string): string[];
