import { describe, expect, it } from 'vitest';
import { orderEvents } from '../src/index.js';

const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk));
      c.close();
    },
  });

describe('orderEvents (the SSE parser, no server)', () => {
  it('yields the data of order events across chunk borders, skipping comments and other events', async () => {
    const got = [];
    for await (const o of orderEvents(streamOf('event: order\ndata: null\n\n: ping\n\nevent: other\ndata: 1\n\nevent: or', 'der\r\ndata: {"state":"queued"}\r\n\r\n'))) got.push(o);
    expect(got).toEqual([null, { state: 'queued' }]);
  });
});
