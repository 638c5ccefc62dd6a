// Preloaded into the server under the soak bench (`node --expose-gc --import`): over the IPC
// channel, `{ heap: true }` answers the heap used after a full GC, `{ snapshot: path }` writes a
// heap snapshot. Nothing else of the server changes; the channel does not keep it alive.
import v8 from 'node:v8';

if (process.send && typeof globalThis.gc === 'function') {
  process.channel?.unref();
  process.on('message', (message) => {
    if (message?.heap) {
      // Twice: the first pass's finalizers and weak callbacks free more for the second.
      globalThis.gc();
      globalThis.gc();
      const { heapUsed, heapTotal, rss, external, arrayBuffers } = process.memoryUsage();
      process.send({ heapUsed, heapTotal, rss, external, arrayBuffers, spaces: v8.getHeapSpaceStatistics() });
    } else if (message?.snapshot) {
      process.send({ snapshot: v8.writeHeapSnapshot(message.snapshot) });
    }
  });
}
