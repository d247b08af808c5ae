import { describe, expect, it, vi } from 'vitest';
import { createEventBus } from './eventBus';

describe('event bus', () => {
  it('delivers to subscribers until they turn off', () => {
    const bus = createEventBus<{ ping: number; other: string }>();
    const a = vi.fn();
    const b = vi.fn();
    bus.on('ping', a);
    const unsubscribe = bus.on('ping', b);
    bus.emit('ping', 1);
    expect(a).toHaveBeenCalledWith(1);
    expect(b).toHaveBeenCalledWith(1);
    bus.off('ping', a);
    unsubscribe();
    bus.emit('ping', 2);
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
  });

  it('keeps events apart and tolerates unknown events and removal during emit', () => {
    const bus = createEventBus<{ ping: number; other: string }>();
    const other = vi.fn();
    bus.on('other', other);
    bus.emit('ping', 1);
    expect(other).not.toHaveBeenCalled();
    const self = vi.fn(() => bus.off('other', self));
    bus.on('other', self);
    bus.emit('other', 'x');
    bus.emit('other', 'y');
    expect(self).toHaveBeenCalledTimes(1);
    expect(other).toHaveBeenCalledTimes(2);
  });
});
