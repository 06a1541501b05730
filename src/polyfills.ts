/**
 * What the supported browsers (config/targets.ts: Chromium 88, which the 360, QQ and Sogou browsers
 * are built on, Firefox 78, Safari 15) lack of the stable standard library, as core-js fills it in:
 * the modules Babel's preset-env picks for `import 'core-js/stable'` and those targets, written
 * out (the build would otherwise take all of core-js here; tests/unit/browser-support.test.ts
 * checks the list against preset-env). Loaded before the app renders, and only by a browser that
 * lacks any of it (src/app.tsx `render`): a current browser skips about 15 KB of script and its
 * evaluation on every first visit.
 */
import 'core-js/modules/es.error.cause.js';
import 'core-js/modules/es.aggregate-error.js';
import 'core-js/modules/es.aggregate-error.cause.js';
import 'core-js/modules/es.array.at.js';
import 'core-js/modules/es.array.find-last.js';
import 'core-js/modules/es.array.find-last-index.js';
import 'core-js/modules/es.array.includes.js';
import 'core-js/modules/es.array.push.js';
import 'core-js/modules/es.array.to-reversed.js';
import 'core-js/modules/es.array.to-sorted.js';
import 'core-js/modules/es.array.to-spliced.js';
import 'core-js/modules/es.array.unshift.js';
import 'core-js/modules/es.array.with.js';
import 'core-js/modules/es.map.group-by.js';
import 'core-js/modules/es.number.to-exponential.js';
import 'core-js/modules/es.object.group-by.js';
import 'core-js/modules/es.object.has-own.js';
import 'core-js/modules/es.promise.any.js';
import 'core-js/modules/es.promise.with-resolvers.js';
import 'core-js/modules/es.reflect.to-string-tag.js';
import 'core-js/modules/es.regexp.flags.js';
import 'core-js/modules/es.string.at-alternative.js';
import 'core-js/modules/es.string.is-well-formed.js';
import 'core-js/modules/es.string.to-well-formed.js';
import 'core-js/modules/es.typed-array.at.js';
import 'core-js/modules/es.typed-array.find-last.js';
import 'core-js/modules/es.typed-array.find-last-index.js';
import 'core-js/modules/es.typed-array.set.js';
import 'core-js/modules/es.typed-array.to-reversed.js';
import 'core-js/modules/es.typed-array.to-sorted.js';
import 'core-js/modules/es.typed-array.with.js';
import 'core-js/modules/web.dom-exception.stack.js';
import 'core-js/modules/web.immediate.js';
import 'core-js/modules/web.structured-clone.js';
import 'core-js/modules/web.url.can-parse.js';
import 'core-js/modules/web.url-search-params.delete.js';
import 'core-js/modules/web.url-search-params.has.js';
import 'core-js/modules/web.url-search-params.size.js';
