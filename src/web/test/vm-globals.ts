// The web tests run each file in a VM context of a reused process (vitest's vmForks pool, see
// vitest.config.ts). Such a context has the test DOM's globals but not every one of Node's: React's
// scheduler needs MessageChannel.
import { MessageChannel } from 'node:worker_threads';

globalThis.MessageChannel ??= MessageChannel as unknown as typeof globalThis.MessageChannel;

// @ant-design/icons' CommonJS build requires the ES build of one @ant-design/colors file, which
// Node itself loads (it detects the syntax) but the VM pool's CommonJS loader cannot: that one
// request goes to the same file's CommonJS build. Patched once per process, on Node's own resolver
// (which that loader calls; `node:module` inside the context is a stand-in).
const Module = process.getBuiltinModule('node:module').Module;
const resolver = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
const patched = Symbol.for('fyn.test.colors-cjs');
if (!(patched in resolver)) {
  const resolve = resolver._resolveFilename;
  resolver._resolveFilename = (request, ...rest) => resolve.call(Module, request === '@ant-design/colors/es/generate' ? '@ant-design/colors/lib/generate' : request, ...rest);
  Object.defineProperty(resolver, patched, { value: true });
}
